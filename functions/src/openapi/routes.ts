import type { AreaRouteHandlers } from '../core/handler';
import { json } from '../core/http';
import { openApiDocument } from './document';

type OpenApiRouteKey = 'GET /api/openapi.json';

/** The public API's description (docs/integrations.md, "Public API"); public like the API's existence. */
export const openApiRouteHandlers: Pick<AreaRouteHandlers<'openapi'>, OpenApiRouteKey> = {
  'GET /api/openapi.json': async () =>
    json(200, openApiDocument(), { headers: { 'cache-control': 'public, max-age=300' } }),
};
