import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

import { routeKeyOf, type Area, type AreaRouteKey, type HttpRoute, type HttpRouteDefinition } from '../routes';
import { authenticate } from './auth/authenticate';
import type { Caller } from './caller';
import type { TableKey } from './entity';
import { AppError, NotFoundError } from './errors';
import type { HttpResult } from './http';
import { logger } from './logger';

export interface PublicRequest {
  readonly event: APIGatewayProxyEventV2;
  readonly route: HttpRouteDefinition;
}

/** A signed-in route's handler gets one `Caller` and passes it to one service call. */
export interface SignedInRequest extends PublicRequest {
  readonly caller: Caller;
}

type RouteOf<K extends string> = Extract<
  HttpRoute,
  { method: K extends `${infer M} ${string}` ? M : never; path: K extends `${string} ${infer P}` ? P : never }
>;

/** A signed-in route's handler receives the caller; a public one does not. */
export type RouteHandlerFor<K extends string> =
  RouteOf<K> extends { access: 'public' }
    ? (request: PublicRequest) => Promise<HttpResult>
    : (request: SignedInRequest) => Promise<HttpResult>;

export type AreaRouteHandlers<A extends Area> = { [K in AreaRouteKey<A>]: RouteHandlerFor<K> };

const securityHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export const toResponse = (result: HttpResult): APIGatewayProxyStructuredResultV2 => ({
  statusCode: result.status,
  headers: { ...securityHeaders, ...result.headers },
  ...(result.cookies?.length ? { cookies: result.cookies } : {}),
  // Bytes (a PDF) travel as base64 with isBase64Encoded, which API Gateway decodes for the client.
  ...(result.body instanceof Uint8Array
    ? { body: Buffer.from(result.body).toString('base64'), isBase64Encoded: true }
    : { body: result.body === undefined ? '' : JSON.stringify(result.body) }),
});

/** Maps the typed error family to HTTP once; 5xx details never leave the function. */
export const errorToResult = (error: unknown): HttpResult => {
  if (error instanceof AppError && error.expose) {
    return { status: error.status, body: error.body(), headers: error.headers };
  }
  if (error instanceof Error) logger.error('unhandled error', error);
  else logger.error('unhandled error', { thrown: String(error) });
  return { status: 500, body: { errors: { general: ['Internal server error'] } } };
};

/**
 * One Lambda per area: dispatches on the API Gateway route key. The types make an area
 * implement exactly the routes the route table gives it, and pass only that area's list of
 * routes (so its bundle carries no other area's).
 */
export interface AreaHandlerOptions<A extends Area> {
  /**
   * The records a signed-in route's path names, to read in the same BatchGet as the caller's
   * session (core/read-along.ts): given the route, its event and the caller's id. Only ids the
   * path can hold (`pathIdIfValid`), so a bad one is the service's 404, after authentication.
   */
  readonly readWithSession?: (routeKey: AreaRouteKey<A>, event: APIGatewayProxyEventV2, userId: string) => TableKey[];
}

export const defineAreaHandler = <A extends Area>(
  area: A,
  areaRoutes: readonly Extract<HttpRoute, { area: A }>[],
  handlers: AreaRouteHandlers<A>,
  options: AreaHandlerOptions<A> = {},
) => {
  const table = handlers as unknown as Record<string, (request: SignedInRequest) => Promise<HttpResult>>;
  const routesByKey = new Map<string, HttpRouteDefinition>(areaRoutes.map((route) => [routeKeyOf(route), route]));
  const base = async (event: APIGatewayProxyEventV2, _context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    try {
      const route = routesByKey.get(event.routeKey);
      const handle = table[event.routeKey];
      if (!route || route.area !== area || !handle) throw new NotFoundError('No such route');
      if (route.access === 'public') {
        return toResponse(
          await (handle as unknown as (request: PublicRequest) => Promise<HttpResult>)({ event, route }),
        );
      }
      const readWithSession = options.readWithSession;
      const caller = await authenticate(
        event,
        readWithSession && ((userId) => readWithSession(event.routeKey as AreaRouteKey<A>, event, userId)),
        // An API key's bearer may call only the routes its scopes cover (core/api-scopes.ts).
        route,
      );
      return toResponse(await handle({ event, route, caller }));
    } catch (error) {
      return toResponse(errorToResult(error));
    }
  };
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(
    (event: APIGatewayProxyEventV2, context: Context) =>
      logger.withKeys({ routeKey: event.routeKey, area }, () => base(event, context)),
  );
};
