import type { AreaRouteKey } from '../routes';
import { helpLinksResponse } from '../integrations/links-contract';
import type { RouteDoc } from './route-doc';

/**
 * The public routes an integrator has a use for, outside the areas an API key reaches: the
 * liveness probe, the help links, and this description itself. The other public routes are the
 * browser's (sign-in, invitations, unsubscribe pages) or other services' (Telegram's updates),
 * listed with their area when a key reaches that area, left out otherwise.
 */
export const publicRouteDocs = {
  'GET /api/health': { summary: 'Liveness probe: answers {"status":"ok"} while the API is up', status: 200 },
  'GET /api/integrations/links': {
    summary: 'Where the Wiki and Telegram help links lead, null until an admin sets them',
    status: 200,
    response: helpLinksResponse,
  },
  'GET /api/openapi.json': { summary: 'This description of the public API (OpenAPI 3.1)', status: 200 },
} as const satisfies Partial<Record<AreaRouteKey<'health' | 'integrations' | 'openapi'>, RouteDoc>>;
