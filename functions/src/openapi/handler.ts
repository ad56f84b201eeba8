import { defineAreaHandler } from '../core/handler';
import { openapiHttpRoutes } from '../routes';
import { openApiRouteHandlers } from './routes';

/**
 * The public API's description (docs/integrations.md, "Public API"). A function of its own: it
 * carries every documented area's contracts and the JSON Schema generator, which the
 * integrations' function would otherwise load on every webhook or API key call.
 */
export const handler = defineAreaHandler('openapi', openapiHttpRoutes, openApiRouteHandlers);
