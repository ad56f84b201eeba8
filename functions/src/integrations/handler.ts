import { defineAreaHandler } from '../core/handler';
import { integrationsHttpRoutes } from '../routes';
import { apiKeyRouteHandlers } from './api-key-routes';
import { linkRouteHandlers } from './links-routes';
import { webhookRouteHandlers } from './webhook-routes';

/** The integrations' API (docs/integrations.md): help links, webhooks out, API keys (the public API's description is the openapi area's). */
export const handler = defineAreaHandler('integrations', integrationsHttpRoutes, {
  ...linkRouteHandlers,
  ...webhookRouteHandlers,
  ...apiKeyRouteHandlers,
});
