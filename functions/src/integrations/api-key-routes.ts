import type { AreaRouteHandlers } from '../core/handler';
import { json, parseBody, pathParam } from '../core/http';
import { createApiKeySchema } from './api-key-contract';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key-service';

type ApiKeyRouteKey =
  | 'GET /api/apps/integrations/api-keys'
  | 'POST /api/apps/integrations/api-keys'
  | 'DELETE /api/apps/integrations/api-keys/{id}';

export const apiKeyRouteHandlers: Pick<AreaRouteHandlers<'integrations'>, ApiKeyRouteKey> = {
  'GET /api/apps/integrations/api-keys': async ({ caller }) => json(200, { apiKeys: await listApiKeys(caller) }),
  'POST /api/apps/integrations/api-keys': async ({ event, caller }) =>
    json(201, await createApiKey(caller, () => parseBody(event, createApiKeySchema))),
  'DELETE /api/apps/integrations/api-keys/{id}': async ({ event, caller }) =>
    json(200, { apiKey: await revokeApiKey(caller, pathParam(event, 'id')) }),
};
