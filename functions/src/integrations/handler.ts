import { defineAreaHandler } from '../core/handler';
import { integrationsHttpRoutes } from '../routes';
import { linkRouteHandlers } from './links-routes';
import { openApiRouteHandlers } from './openapi-routes';

/** The integrations' API (docs/integrations.md): help links, webhooks out, API keys, the public API's description. */
export const handler = defineAreaHandler('integrations', integrationsHttpRoutes, {
  ...linkRouteHandlers,
  ...openApiRouteHandlers,
});
