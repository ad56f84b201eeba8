import { defineAreaHandler } from '../core/handler';
import { healthHttpRoutes } from '../routes';
import { json } from '../core/http';

export const handler = defineAreaHandler('health', healthHttpRoutes, {
  'GET /api/health': async () => json(200, { status: 'ok' }),
});
