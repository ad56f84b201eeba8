import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  APIGatewayProxyWebsocketEventV2,
  Context,
} from 'aws-lambda';

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
  chat: async () => (await import('./chat/handler')).handler,
  permissions: async () => (await import('./permissions/handler')).handler,
  projects: async () => (await import('./projects/handler')).handler,
  channels: async () => (await import('./channels/handler')).handler,
  users: async () => (await import('./users/handler')).handler,
  notifications: async () => (await import('./notifications/handler')).handler,
  team: async () => (await import('./team/handler')).handler,
  email: async () => (await import('./email/handler')).handler,
  mailings: async () => (await import('./mailings/handler')).handler,
  integrations: async () => (await import('./integrations/handler')).handler,
  openapi: async () => (await import('./openapi/handler')).handler,
  plans: async () => (await import('./plans/handler')).handler,
  referrals: async () => (await import('./referrals/handler')).handler,
  'invoice-pdf': async () => (await import('./invoice-pdf/handler')).handler,
  payments: async () => (await import('./payments/handler')).handler,
};

export type WebSocketAreaHandler = (
  event: APIGatewayProxyWebsocketEventV2,
  context: Context,
) => Promise<APIGatewayProxyResultV2>;

/** The areas behind webSocketRoutes: their Lambda entry also takes WebSocket events. */
export const webSocketAreaHandlers: Partial<Record<Area, () => Promise<WebSocketAreaHandler>>> = {
  chat: async () => (await import('./chat/handler')).handler,
  projects: async () => (await import('./projects/handler')).handler,
};
