import type { AreaRouteHandlers } from '../core/handler';
import { json, parseQuery, pathParam } from '../core/http';
import { recipientsQuery } from './delivery-contract';
import { recipientsOf, requestTestSend, statsOf } from './delivery-service';

/** A mailing's delivery: the test send, each recipient's status, the statistics (docs/mailings.md, "Delivery"). */
type DeliveryRouteKey =
  'POST /api/apps/mailings/{id}/test' | 'GET /api/apps/mailings/{id}/recipients' | 'GET /api/apps/mailings/{id}/stats';

export const deliveryRouteHandlers: Pick<AreaRouteHandlers<'mailings'>, DeliveryRouteKey> = {
  'POST /api/apps/mailings/{id}/test': async ({ event, caller }) =>
    json(202, await requestTestSend(caller, pathParam(event, 'id'))),
  'GET /api/apps/mailings/{id}/recipients': async ({ event, caller }) =>
    json(200, await recipientsOf(caller, pathParam(event, 'id'), parseQuery(event, recipientsQuery))),
  'GET /api/apps/mailings/{id}/stats': async ({ event, caller }) =>
    json(200, await statsOf(caller, pathParam(event, 'id'))),
};
