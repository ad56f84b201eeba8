import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

import type { Area } from './routes';

export type AreaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * How the local server finds each area's Lambda entry (functions/src/<area>/handler.ts), the
 * same file CDK bundles. Loaded lazily, like a cold start.
 */
export const areaHandlers: Record<Area, () => Promise<AreaHandler>> = {
  health: async () => (await import('./health/handler')).handler,
  auth: async () => (await import('./auth/handler')).handler,
};
