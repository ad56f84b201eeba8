import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

import { webSocketAreaHandlers, type WebSocketAreaHandler } from '@orbit/functions/areas';
import type { WebSocketEvent } from '@orbit/functions/core/websocket-handler';
import { webSocketRoutes, type Area } from '@orbit/functions/routes';

import { lambdaContext } from './api-gateway-event';

/**
 * The WebSocket API on one machine, with API Gateway's contracts on both sides:
 * - browsers connect to `/ws` (the stage name, as behind CloudFront); `$connect`, `$disconnect`
 *   and `$default` reach the real handler as API Gateway WebSocket events, and a refused
 *   `$connect` refuses the handshake with the handler's status code;
 * - handlers push through the management API at `WS_ENDPOINT` = `<server>/ws`, served here:
 *   `POST|GET|DELETE /ws/@connections/{id}`, 410 Gone for a connection that is not open. The
 *   handler code (ApiGatewayManagementApiClient) is the same as on AWS.
 * Limits as on AWS: 128 KB messages, 10 minutes idle, 2 hours per connection.
 */

export const webSocketPath = '/ws';
const managementPrefix = `${webSocketPath}/@connections/`;
const maxMessageBytes = 128 * 1024;

export interface LocalWebSocketOptions {
  readonly idleTimeoutMs?: number;
  readonly maxConnectionMs?: number;
}

interface OpenConnection {
  readonly id: string;
  readonly socket: WebSocket;
  readonly connectedAt: number;
  readonly sourceIp: string;
  readonly userAgent: string;
  lastActiveAt: number;
  /** Events of one connection reach the handler one at a time, in order. */
  queue: Promise<void>;
  idleTimer?: NodeJS.Timeout;
  lifetimeTimer?: NodeJS.Timeout;
}

export interface LocalWebSocketGateway {
  /** Requests this gateway answers over plain HTTP (the management API, a non-upgrade `/ws`). */
  handles(url: URL): boolean;
  handleRequest(request: IncomingMessage, response: ServerResponse, url: URL): void;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open connection ids (for tests and diagnostics). */
  connectionIds(): string[];
  closeAll(): void;
}

/** API Gateway's ids look like `L0SM9cOFvHcCIhw=`; the `=` also exercises URL encoding. */
const newConnectionId = () => `${randomBytes(9).toString('base64url')}=`;

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

const refuseHandshake = (socket: Duplex, status: number, body = '') => {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status] ?? 'Error'}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
};

const headersOf = (request: IncomingMessage) => {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    headers[name] = values.join(',');
    multiValueHeaders[name] = values;
  }
  return { headers, multiValueHeaders };
};

const queryOf = (url: URL) => {
  if (url.searchParams.size === 0) return { queryStringParameters: null, multiValueQueryStringParameters: null };
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) {
    single[name] = value;
    (multi[name] ??= []).push(value);
  }
  return { queryStringParameters: single, multiValueQueryStringParameters: multi };
};

const statusOf = (result: APIGatewayProxyResultV2): number =>
  typeof result === 'object' && result !== null && typeof result.statusCode === 'number' ? result.statusCode : 200;

const readBody = (request: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });

const sendJson = (response: ServerResponse, status: number, body?: unknown, errorType?: string) => {
  const text = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  response.end(text);
};

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

export const createLocalWebSocketGateway = (options: LocalWebSocketOptions = {}): LocalWebSocketGateway => {
  const idleTimeoutMs = options.idleTimeoutMs ?? 10 * 60_000;
  const maxConnectionMs = options.maxConnectionMs ?? 2 * 60 * 60_000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes });
  const open = new Map<string, OpenConnection>();
  let closing = false;
  const loaded = new Map<Area, Promise<WebSocketAreaHandler>>();

  const handlerFor = (routeKey: string): Promise<WebSocketAreaHandler> | undefined => {
    const route = webSocketRoutes.find((candidate) => candidate.routeKey === routeKey);
    const load = route ? webSocketAreaHandlers[route.area] : undefined;
    if (!route || !load) return undefined;
    let handler = loaded.get(route.area);
    if (!handler) {
      handler = load();
      loaded.set(route.area, handler);
    }
    return handler;
  };

  const requestContext = (
    routeKey: string,
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT',
    connection: Pick<OpenConnection, 'id' | 'connectedAt' | 'sourceIp' | 'userAgent'>,
    domainName: string,
  ) => {
    const now = new Date();
    return {
      routeKey,
      eventType,
      messageId: eventType === 'MESSAGE' ? randomBytes(9).toString('base64url') : '',
      extendedRequestId: randomUUID(),
      requestTime: now.toUTCString(),
      messageDirection: 'IN' as const,
      stage: webSocketPath.slice(1),
      connectedAt: connection.connectedAt,
      requestTimeEpoch: now.getTime(),
      requestId: randomUUID(),
      domainName,
      connectionId: connection.id,
      apiId: 'local',
      identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
    };
  };

  const invoke = async (routeKey: string, event: WebSocketEvent): Promise<APIGatewayProxyResultV2> => {
    const handler = handlerFor(routeKey);
    if (!handler) return { statusCode: 404 };
    return (await handler)(event, lambdaContext(`orbit-ws-${routeKey.replace('$', '')}`));
  };

  const resetIdle = (connection: OpenConnection) => {
    connection.lastActiveAt = Date.now();
    if (connection.idleTimer) clearTimeout(connection.idleTimer);
    connection.idleTimer = setTimeout(() => connection.socket.close(1001, 'Going away'), idleTimeoutMs);
    connection.idleTimer.unref();
  };

  const onMessage = (connection: OpenConnection, domainName: string, data: RawData, isBinary: boolean) => {
    resetIdle(connection);
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const body = isBinary ? bytes.toString('base64') : bytes.toString('utf8');
    // Route selection `$request.body.action`: a route named by the action, else $default.
    let routeKey = '$default';
    try {
      const action = (JSON.parse(bytes.toString('utf8')) as { action?: unknown }).action;
      if (typeof action === 'string' && webSocketRoutes.some((route) => route.routeKey === action)) routeKey = action;
    } catch {
      // Not JSON: $default.
    }
    const event: WebSocketEvent = {
      requestContext: requestContext(routeKey, 'MESSAGE', connection, domainName),
      body,
      isBase64Encoded: isBinary,
    };
    connection.queue = connection.queue.then(async () => {
      try {
        const status = statusOf(await invoke(routeKey, event));
        if (status >= 500) throw new Error(`status ${status}`);
      } catch (error) {
        console.error('local websocket: $default failed', error);
        // What API Gateway tells the client when the integration fails.
        if (open.has(connection.id)) {
          connection.socket.send(
            JSON.stringify({
              message: 'Internal server error',
              connectionId: connection.id,
              requestId: event.requestContext.requestId,
            }),
          );
        }
      }
    });
  };

  const onClose = (connection: OpenConnection, domainName: string, code: number, reason: Buffer) => {
    if (!open.delete(connection.id)) return;
    if (connection.idleTimer) clearTimeout(connection.idleTimer);
    if (connection.lifetimeTimer) clearTimeout(connection.lifetimeTimer);
    const event = {
      requestContext: {
        ...requestContext('$disconnect', 'DISCONNECT', connection, domainName),
        disconnectStatusCode: code,
        disconnectReason: reason.toString('utf8'),
      },
      isBase64Encoded: false,
    } as WebSocketEvent;
    connection.queue = connection.queue.then(() =>
      invoke('$disconnect', event).then(
        () => undefined,
        (error: unknown) => {
          // On shutdown the store may already be going away.
          if (!closing) console.error('local websocket: $disconnect failed', error);
        },
      ),
    );
  };

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = URL.parse(request.url ?? '/', 'http://localhost');
    // An unreadable request target is refused like an unknown path, never thrown (a crash).
    if (!url || (url.pathname !== webSocketPath && url.pathname !== `${webSocketPath}/`)) {
      refuseHandshake(socket, 404, JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const domainName = request.headers.host ?? 'localhost';
    const pending = {
      id: newConnectionId(),
      connectedAt: Date.now(),
      sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
      userAgent: request.headers['user-agent'] ?? '',
    };
    const event = {
      ...headersOf(request),
      ...queryOf(url),
      requestContext: requestContext('$connect', 'CONNECT', pending, domainName),
      isBase64Encoded: false,
    } as WebSocketEvent;
    invoke('$connect', event)
      .then((result) => {
        const status = statusOf(result);
        if (status < 200 || status >= 300) {
          refuseHandshake(socket, status, typeof result === 'object' && result.body ? result.body : '');
          return;
        }
        if (socket.destroyed) {
          // The browser gave up during $connect: API Gateway still reports the disconnect.
          void invoke('$disconnect', {
            requestContext: requestContext('$disconnect', 'DISCONNECT', pending, domainName),
            isBase64Encoded: false,
          } as WebSocketEvent);
          return;
        }
        wss.handleUpgrade(request, socket, head, (ws) => {
          const connection: OpenConnection = {
            ...pending,
            socket: ws,
            lastActiveAt: Date.now(),
            queue: Promise.resolve(),
          };
          open.set(connection.id, connection);
          resetIdle(connection);
          connection.lifetimeTimer = setTimeout(() => ws.close(1001, 'Going away'), maxConnectionMs);
          connection.lifetimeTimer.unref();
          ws.on('message', (data, isBinary) => onMessage(connection, domainName, data, isBinary));
          ws.on('close', (code, reason) => onClose(connection, domainName, code, reason));
          ws.on('error', () => ws.terminate());
        });
      })
      .catch((error: unknown) => {
        console.error('local websocket: $connect failed', error);
        refuseHandshake(socket, 500, JSON.stringify({ message: 'Internal server error' }));
      });
  };

  const handleManagement = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    // The management API is for the functions, never for browsers: loopback callers signing
    // with the local credentials only (on AWS it takes SigV4 and execute-api:ManageConnections).
    const credential = `Credential=${process.env.AWS_ACCESS_KEY_ID ?? ''}/`;
    const authorization = request.headers.authorization ?? '';
    if (
      !isLoopback(request.socket.remoteAddress) ||
      !authorization.startsWith('AWS4-HMAC-SHA256') ||
      !authorization.includes(credential)
    ) {
      sendJson(response, 403, { message: 'Forbidden' }, 'ForbiddenException');
      return;
    }
    const id = decodeURIComponent(url.pathname.slice(managementPrefix.length));
    const connection = open.get(id);
    const method = request.method ?? 'GET';
    if (!['POST', 'GET', 'DELETE'].includes(method)) {
      sendJson(response, 404, { message: 'Not Found' });
      return;
    }
    if (method === 'POST') {
      const body = await readBody(request, maxMessageBytes);
      if (body === 'too-large') {
        sendJson(response, 413, { message: 'Message too long' }, 'PayloadTooLargeException');
        return;
      }
      if (!connection || connection.socket.readyState !== connection.socket.OPEN) {
        sendJson(response, 410, { message: 'Gone' }, 'GoneException');
        return;
      }
      resetIdle(connection);
      connection.socket.send(body.toString('utf8'));
      response.writeHead(200, { 'content-length': 0 });
      response.end();
      return;
    }
    await readBody(request, maxMessageBytes);
    if (!connection) {
      sendJson(response, 410, { message: 'Gone' }, 'GoneException');
      return;
    }
    if (method === 'GET') {
      sendJson(response, 200, {
        connectedAt: new Date(connection.connectedAt).toISOString(),
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
        lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
      });
      return;
    }
    connection.socket.close(1000, 'Closed by the server');
    response.writeHead(204);
    response.end();
  };

  return {
    handles: (url) => url.pathname.startsWith(managementPrefix) || url.pathname === webSocketPath,
    handleRequest(request, response, url) {
      if (!url.pathname.startsWith(managementPrefix)) {
        sendJson(response, 426, { message: 'Upgrade Required' });
        return;
      }
      handleManagement(request, response, url).catch((error: unknown) => {
        console.error('local websocket: management request failed', error);
        if (!response.headersSent) sendJson(response, 500, { message: 'Internal server error' });
        else response.end();
      });
    },
    handleUpgrade,
    connectionIds: () => [...open.keys()],
    closeAll() {
      closing = true;
      for (const connection of open.values()) connection.socket.terminate();
    },
  };
};

/**
 * Serves the gateway on an HTTP server: upgrades on `/ws`; and "close all connections" (what
 * the stack calls on stop) also ends WebSockets, which are no longer HTTP connections.
 */
export const attachLocalWebSocketGateway = (server: Server, gateway: LocalWebSocketGateway): void => {
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    gateway.handleUpgrade(request, socket, head),
  );
  const closeAllConnections = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    gateway.closeAll();
    closeAllConnections();
  };
};
