import { defineAreaHandler } from '../core/handler';
import { mailingsHttpRoutes } from '../routes';
import { audienceRouteHandlers } from './audience-routes';
import { deliveryRouteHandlers } from './delivery-routes';
import { mailingRouteHandlers } from './mailing-routes';
import { sequenceRouteHandlers } from './sequence-routes';
import { unsubscribeRouteHandlers } from './unsubscribe-routes';

/** The mailings' API (docs/mailings.md): audiences and tags, mailings, sequences, opting out. */
export const handler = defineAreaHandler('mailings', mailingsHttpRoutes, {
  ...audienceRouteHandlers,
  ...mailingRouteHandlers,
  ...deliveryRouteHandlers,
  ...sequenceRouteHandlers,
  ...unsubscribeRouteHandlers,
});
