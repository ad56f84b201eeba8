import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  APIGatewayProxyWebsocketEventV2,
  Context,
} from 'aws-lambda';

import { webSocketRoutes, type Area, type WebSocketActionRouteKey } from '../routes';
import { currentAbilityRules } from './auth/role-rules';
import { getSession } from './auth/sessions';
import { consumeSocketTicket } from './auth/socket-tickets';
import type { SessionPrincipal } from './auth/principal';
import { AppError, UnauthorizedError } from './errors';
import { logger } from './logger';
import { getUserById } from './users/repository';

/**
 * API Gateway WebSocket events. `$connect` also carries the handshake's headers and query
 * string, which the published type leaves out.
 */
export type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  readonly headers?: Record<string, string | undefined>;
  readonly queryStringParameters?: Record<string, string | undefined> | null;
};

export type WebSocketRouteKey = (typeof webSocketRoutes)[number]['routeKey'];

export interface WebSocketRequest {
  readonly event: WebSocketEvent;
  readonly connectionId: string;
}

export interface ConnectRequest extends WebSocketRequest {
  readonly principal: SessionPrincipal;
}

export interface WebSocketHandlers {
  /** Runs after the ticket was used up and its session found alive; throwing refuses the handshake. */
  readonly $connect: (request: ConnectRequest) => Promise<void>;
  readonly $disconnect: (request: WebSocketRequest) => Promise<void>;
  readonly $default: (request: WebSocketRequest) => Promise<void>;
}

export const isWebSocketEvent = (event: unknown): event is WebSocketEvent => {
  const context = (event as { requestContext?: { eventType?: unknown; connectionId?: unknown } } | null)
    ?.requestContext;
  return typeof context?.connectionId === 'string' && typeof context.eventType === 'string';
};

/**
 * A browser cannot set headers on a WebSocket handshake, so what names the caller rides in the
 * URL, which proxies and access logs keep: a single-use ticket (`?ticket=`, core/auth/socket-tickets.ts)
 * that the signed-in browser got just before, never the access token (`?token=` is not read).
 * Then the same rule as HTTP: its session still exists and its user is not suspended. An API key
 * gets no ticket (the route is refused to keys, core/api-scopes.ts), so it opens no socket.
 */
export const authenticateConnection = async (event: WebSocketEvent): Promise<SessionPrincipal> => {
  const ticket = event.queryStringParameters?.ticket;
  const claims = ticket ? await consumeSocketTicket(ticket) : undefined;
  if (!claims) throw new UnauthorizedError();
  const [session, user] = await Promise.all([getSession(claims.userId, claims.sessionId), getUserById(claims.userId)]);
  if (!session || !user) throw new UnauthorizedError('Session has ended');
  if (user.suspendedAt) throw new UnauthorizedError('Account suspended');
  // The role as it is now (docs/roles.md).
  return {
    via: 'session',
    userId: claims.userId,
    sessionId: claims.sessionId,
    role: user.role,
    abilityRules: await currentAbilityRules({ id: user.id, role: user.role }),
  };
};

const reply = (statusCode: number, message?: string): APIGatewayProxyResultV2 => ({
  statusCode,
  ...(message ? { body: JSON.stringify({ message }) } : {}),
});

/** An exposed error's status and message; anything else is logged and answered 500. */
const failureReply = (error: unknown): APIGatewayProxyResultV2 => {
  if (error instanceof AppError && error.expose) return reply(error.status, error.message);
  if (error instanceof Error) logger.error('websocket handler failed', error);
  else logger.error('websocket handler failed', { thrown: String(error) });
  return reply(500, 'Internal server error');
};

/**
 * The WebSocket counterpart of defineAreaHandler: dispatches on the route key. A refused
 * `$connect` answers its status code (API Gateway turns it into the handshake's HTTP status);
 * other routes log failures and answer 500, which API Gateway reports to the client as an error
 * frame without details.
 */
export const defineWebSocketHandler = (area: Area, handlers: WebSocketHandlers) => {
  const served = new Set<string>(webSocketRoutes.filter((route) => route.area === area).map((route) => route.routeKey));
  return (event: WebSocketEvent, _context: Context): Promise<APIGatewayProxyResultV2> => {
    const { routeKey, connectionId } = event.requestContext;
    return logger.withKeys({ routeKey, area }, async () => {
      if (!served.has(routeKey)) return reply(404, 'No such route');
      try {
        if (routeKey === '$connect') {
          const principal = await authenticateConnection(event);
          await handlers.$connect({ event, connectionId, principal });
        } else if (routeKey === '$disconnect') {
          await handlers.$disconnect({ event, connectionId });
        } else {
          await handlers.$default({ event, connectionId });
        }
        return reply(200);
      } catch (error) {
        return failureReply(error);
      }
    });
  };
};

/** A frame's body as text (API Gateway base64-encodes binary frames). */
export const frameBody = (event: WebSocketEvent): string | undefined =>
  event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;

type ActionRoutesOf<A extends Area> = Extract<(typeof webSocketRoutes)[number], { area: A }>['routeKey'] &
  WebSocketActionRouteKey;

/**
 * For an area that serves only action routes (frames API Gateway selects by their `action`) on
 * connections another area accepted: the types make it implement exactly its routes. Failures
 * are handled as in defineWebSocketHandler.
 */
export const defineWebSocketActionHandler = <A extends Area>(
  area: A,
  handlers: { readonly [K in ActionRoutesOf<A>]: (request: WebSocketRequest) => Promise<void> },
) => {
  const table = handlers as Readonly<Record<string, (request: WebSocketRequest) => Promise<void>>>;
  return (event: WebSocketEvent, _context: Context): Promise<APIGatewayProxyResultV2> => {
    const { routeKey, connectionId } = event.requestContext;
    return logger.withKeys({ routeKey, area }, async () => {
      const handle = webSocketRoutes.some((route) => route.area === area && route.routeKey === routeKey)
        ? table[routeKey]
        : undefined;
      if (!handle) return reply(404, 'No such route');
      try {
        await handle({ event, connectionId });
        return reply(200);
      } catch (error) {
        return failureReply(error);
      }
    });
  };
};

/** An area's Lambda entry when it serves both APIs: callable as either kind of handler. */
export interface HttpAndWebSocketHandler {
  (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2>;
  (event: APIGatewayProxyWebsocketEventV2, context: Context): Promise<APIGatewayProxyResultV2>;
}

/**
 * One Lambda for an area's HTTP routes and its WebSocket routes, told apart by the event's
 * shape, so either gateway (and the local server) can call it.
 */
export const httpAndWebSocketHandler = (
  http: (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>,
  webSocket: (event: WebSocketEvent, context: Context) => Promise<APIGatewayProxyResultV2>,
): HttpAndWebSocketHandler =>
  ((event: APIGatewayProxyEventV2 | APIGatewayProxyWebsocketEventV2, context: Context) =>
    isWebSocketEvent(event)
      ? webSocket(event, context)
      : http(event as APIGatewayProxyEventV2, context)) as HttpAndWebSocketHandler;
