import { defineAreaHandler } from '../core/handler';
import { json } from '../core/http';

export const handler = defineAreaHandler('health', {
  'GET /api/health': async () => json(200, { status: 'ok' }),
});
