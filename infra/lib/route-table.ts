import {
  areas,
  httpRoutes,
  webSocketRoutes,
  type Area,
  type HttpRouteDefinition,
  type WebSocketRouteDefinition,
} from '@orbit/functions/routes';

/**
 * What the stack is built from: the functions' own route table. A parameter only so tests can
 * also exercise shapes the table does not have yet (the WebSocket routes arrive with chat).
 */
export interface RouteTable {
  readonly areas: readonly Area[];
  readonly http: readonly HttpRouteDefinition[];
  readonly webSocket: readonly WebSocketRouteDefinition[];
}

/** The route table the CDK app deploys: every area and route the functions declare. */
export const deployedRouteTable: RouteTable = { areas, http: httpRoutes, webSocket: webSocketRoutes };
