/**
 * The one route table. The local server serves it, CDK builds API Gateway from it, and the
 * authorisation matrix test walks it. Adding a route here without a handler fails typecheck
 * (each area's handler must implement exactly its route keys).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One Lambda function per area; `functions/src/<area>/handler.ts` exports `handler`. */
export const areas = ['health', 'auth'] as const;
export type Area = (typeof areas)[number];

export interface HttpRouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `{name}` for a path parameter. Keeps the `/api` prefix. */
  readonly path: `/api/${string}`;
  readonly area: Area;
  /** Public routes skip authentication; every other route requires a valid access token. */
  readonly access: 'public' | 'signed-in';
  readonly summary: string;
}

// One line per route reads as a table; keep it that way.
// prettier-ignore
export const httpRoutes = [
  { method: 'GET', path: '/api/health', area: 'health', access: 'public', summary: 'Liveness probe' },
  { method: 'POST', path: '/api/auth/login', area: 'auth', access: 'public', summary: 'Sign in with phone and password' },
  { method: 'POST', path: '/api/auth/register', area: 'auth', access: 'public', summary: 'Create a client account and sign in' },
  { method: 'POST', path: '/api/auth/refresh', area: 'auth', access: 'public', summary: 'Rotate the refresh cookie, issue a new access token' },
  { method: 'POST', path: '/api/auth/logout', area: 'auth', access: 'public', summary: 'Revoke the current session' },
  { method: 'POST', path: '/api/auth/forgot-password', area: 'auth', access: 'public', summary: 'Send a one-time reset code' },
  { method: 'POST', path: '/api/auth/reset-password', area: 'auth', access: 'public', summary: 'Set a new password with the code' },
  { method: 'GET', path: '/api/auth/me', area: 'auth', access: 'signed-in', summary: 'The signed-in user and ability rules' },
] as const satisfies readonly HttpRouteDefinition[];

export type HttpRoute = (typeof httpRoutes)[number];
/** Distributes over a union of routes (a plain template literal would cross methods and paths). */
export type RouteKey<R extends HttpRouteDefinition = HttpRoute> = R extends HttpRouteDefinition
  ? `${R['method']} ${R['path']}`
  : never;
export type AreaRouteKey<A extends Area> = RouteKey<Extract<HttpRoute, { area: A }>>;

export const routeKeyOf = (route: HttpRouteDefinition): string => `${route.method} ${route.path}`;

export interface WebSocketRouteDefinition {
  readonly routeKey: '$connect' | '$disconnect' | '$default';
  readonly area: Area;
  readonly summary: string;
}

/** WebSocket routes; the chat issue adds the realtime area behind them. */
export const webSocketRoutes = [] as const satisfies readonly WebSocketRouteDefinition[];
