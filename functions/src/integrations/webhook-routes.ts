import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import type { AreaRouteHandlers } from '../core/handler';
import { json, noContent, parseBody, parseQuery, pathParam } from '../core/http';
import { listDeliveries, readDelivery, replayDelivery, replayFailedSince, sendTestEvent } from './delivery-service';
import {
  createWebhookSchema,
  replayFailedSchema,
  updateWebhookSchema,
  webhookDeliveryQuerySchema,
} from './webhook-contract';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  readWebhook,
  rotateWebhookSecret,
  updateWebhook,
} from './webhook-service';

type WebhookRouteKey =
  | 'GET /api/apps/integrations/webhooks'
  | 'POST /api/apps/integrations/webhooks'
  | 'GET /api/apps/integrations/webhooks/{id}'
  | 'PATCH /api/apps/integrations/webhooks/{id}'
  | 'DELETE /api/apps/integrations/webhooks/{id}'
  | 'POST /api/apps/integrations/webhooks/{id}/rotate-secret'
  | 'POST /api/apps/integrations/webhooks/{id}/test'
  | 'GET /api/apps/integrations/webhooks/{id}/deliveries'
  | 'GET /api/apps/integrations/webhooks/{id}/deliveries/{deliveryId}'
  | 'POST /api/apps/integrations/webhooks/{id}/deliveries/{deliveryId}/replay'
  | 'POST /api/apps/integrations/webhooks/{id}/replay-failed';

/** Who may not manage webhooks learns so (403) before anything about their input. */
const allowed = (caller: Caller, action: 'read' | 'create' | 'update' | 'delete'): Caller => {
  authorize(caller.ability, action, 'Integration');
  return caller;
};

export const webhookRouteHandlers: Pick<AreaRouteHandlers<'integrations'>, WebhookRouteKey> = {
  'GET /api/apps/integrations/webhooks': async ({ caller }) => json(200, { webhooks: await listWebhooks(caller) }),
  'POST /api/apps/integrations/webhooks': async ({ event, caller }) =>
    json(201, await createWebhook(allowed(caller, 'create'), parseBody(event, createWebhookSchema))),
  'GET /api/apps/integrations/webhooks/{id}': async ({ event, caller }) =>
    json(200, { webhook: await readWebhook(allowed(caller, 'read'), pathParam(event, 'id')) }),
  'PATCH /api/apps/integrations/webhooks/{id}': async ({ event, caller }) =>
    json(200, {
      webhook: await updateWebhook(
        allowed(caller, 'update'),
        pathParam(event, 'id'),
        parseBody(event, updateWebhookSchema),
      ),
    }),
  'DELETE /api/apps/integrations/webhooks/{id}': async ({ event, caller }) => {
    await deleteWebhook(allowed(caller, 'delete'), pathParam(event, 'id'));
    return noContent();
  },
  'POST /api/apps/integrations/webhooks/{id}/rotate-secret': async ({ event, caller }) =>
    json(200, await rotateWebhookSecret(allowed(caller, 'update'), pathParam(event, 'id'))),
  'POST /api/apps/integrations/webhooks/{id}/test': async ({ event, caller }) =>
    json(202, { delivery: await sendTestEvent(allowed(caller, 'update'), pathParam(event, 'id')) }),
  'GET /api/apps/integrations/webhooks/{id}/deliveries': async ({ event, caller }) =>
    json(
      200,
      await listDeliveries(
        allowed(caller, 'read'),
        pathParam(event, 'id'),
        parseQuery(event, webhookDeliveryQuerySchema),
      ),
    ),
  'GET /api/apps/integrations/webhooks/{id}/deliveries/{deliveryId}': async ({ event, caller }) =>
    json(200, {
      delivery: await readDelivery(allowed(caller, 'read'), pathParam(event, 'id'), pathParam(event, 'deliveryId')),
    }),
  'POST /api/apps/integrations/webhooks/{id}/deliveries/{deliveryId}/replay': async ({ event, caller }) =>
    json(202, {
      delivery: await replayDelivery(allowed(caller, 'update'), pathParam(event, 'id'), pathParam(event, 'deliveryId')),
    }),
  'POST /api/apps/integrations/webhooks/{id}/replay-failed': async ({ event, caller }) =>
    json(202, {
      replayed: await replayFailedSince(
        allowed(caller, 'update'),
        pathParam(event, 'id'),
        parseBody(event, replayFailedSchema).since,
      ),
    }),
};
