import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

import { webSocketAreaHandlers, type WebSocketAreaHandler } from '@orbit/functions/area-handlers';
import type { WebSocketEvent } from '@orbit/functions/core/websocket-handler';
import { webSocketRoutes, type Area } from '@orbit/functions/routes';

import { lambdaContext } from '../api-gateway-event';
import {
  connectEvent,
  disconnectEvent,
  messageEvent,
  newConnectionId,
  statusOf,
  webSocketPath,
  type ConnectionIdentity,
} from './events';
import { refuseHandshake, sendJson } from './http';
import { openConnectionJournal, type ConnectionJournal } from './journal';
import { handleManagementRequest, managementPrefix } from './management-api';

/**
 * The WebSocket API on one machine, with API Gateway's contracts on both sides:
 * - browsers connect to `/ws`; `$connect`, `$disconnect` and `$default` reach the real handler
 *   as API Gateway WebSocket events (events.ts), and a refused `$connect` refuses the handshake
 *   with the handler's status code;
 * - handlers push through the management API (management-api.ts), served on the same port;
 * - a client frame is routed by its `action` to a route of that name, else to `$default`; the
 *   `$connect`/`$disconnect`/`$default` routes are never chosen by a frame, as on AWS;
 * - with a journal file (journal.ts), connections a crashed process left are sent their
 *   `$disconnect` at the next start (sweepOrphans).
 * Limits as on AWS: 128 KB messages, 10 minutes idle, 2 hours per connection.
 */

const maxMessageBytes = 128 * 1024;

export interface LocalWebSocketOptions {
  readonly idleTimeoutMs?: number;
  readonly maxConnectionMs?: number;
  /** Where open connections are written down, to be swept after a crash (none in memory). */
  readonly journalFile?: string;
}

/** Frames cannot pick the routes API Gateway reserves for its own events. */
const isReservedRouteKey = (routeKey: string) => routeKey.startsWith('$');

interface OpenConnection extends ConnectionIdentity {
  readonly socket: WebSocket;
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
  /** Sends `$disconnect` for the connections a previous process left open; how many. */
  sweepOrphans(): Promise<number>;
  closeAll(): void;
}

export const createLocalWebSocketGateway = (options: LocalWebSocketOptions = {}): LocalWebSocketGateway => {
  const idleTimeoutMs = options.idleTimeoutMs ?? 10 * 60_000;
  const maxConnectionMs = options.maxConnectionMs ?? 2 * 60 * 60_000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes });
  const open = new Map<string, OpenConnection>();
  const journal: ConnectionJournal | undefined = options.journalFile
    ? openConnectionJournal(options.journalFile)
    : undefined;
  let closing = false;
  /** New connections wait for the sweep, so that its $disconnects cannot overtake them. */
  let sweeping: Promise<unknown> = Promise.resolve();
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

  const invoke = async (routeKey: string, event: WebSocketEvent): Promise<APIGatewayProxyResultV2> => {
    const handler = handlerFor(routeKey);
    if (!handler) return { statusCode: 404 };
    return (await handler)(event, lambdaContext(`orbit-ws-${routeKey.replace('$', '')}`));
  };

  /**
   * `$disconnect`; only one that ran leaves the journal (one cut short by a failing store is
   * swept at the next start).
   */
  const disconnect = async (connectionId: string, event: WebSocketEvent): Promise<void> => {
    const status = statusOf(await invoke('$disconnect', event));
    if (status >= 500) throw new Error(`$disconnect answered ${status}`);
    journal?.closed(connectionId);
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
      if (
        typeof action === 'string' &&
        !isReservedRouteKey(action) &&
        webSocketRoutes.some((route) => route.routeKey === action)
      )
        routeKey = action;
    } catch {
      // Not JSON: $default.
    }
    const event = messageEvent(routeKey, connection, domainName, body, isBinary);
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
    const event = disconnectEvent(connection, domainName, { code, reason: reason.toString('utf8') });
    connection.queue = connection.queue.then(() =>
      disconnect(connection.id, event).catch((error: unknown) => {
        // On shutdown the store may already be going away.
        if (!closing) console.error('local websocket: $disconnect failed', error);
      }),
    );
  };

  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = URL.parse(request.url ?? '/', 'http://localhost');
    // An unreadable request target is refused like an unknown path, never thrown (a crash).
    if (!url || (url.pathname !== webSocketPath && url.pathname !== `${webSocketPath}/`)) {
      refuseHandshake(socket, 404, JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const domainName = request.headers.host ?? 'localhost';
    const pending: ConnectionIdentity = {
      id: newConnectionId(),
      connectedAt: Date.now(),
      sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
      userAgent: request.headers['user-agent'] ?? '',
    };
    // Written down before $connect records anything, so a crash at any point is swept.
    journal?.opened({ ...pending, domainName });
    invoke('$connect', connectEvent(request, url, pending, domainName))
      .then((result) => {
        const status = statusOf(result);
        if (status < 200 || status >= 300) {
          journal?.closed(pending.id);
          refuseHandshake(socket, status, typeof result === 'object' && result.body ? result.body : '');
          return;
        }
        if (socket.destroyed) {
          // The browser gave up during $connect: API Gateway still reports the disconnect.
          disconnect(pending.id, disconnectEvent(pending, domainName)).catch((error: unknown) => {
            console.error('local websocket: $disconnect failed', error);
          });
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

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    void sweeping.then(() => upgrade(request, socket, head));
  };

  const sweep = async (sweptJournal: ConnectionJournal) => {
    let swept = 0;
    for (const orphan of sweptJournal.orphans()) {
      const { domainName, ...connection } = orphan;
      try {
        await disconnect(
          orphan.id,
          disconnectEvent(connection, domainName, { code: 1006, reason: 'Gateway restarted' }),
        );
        swept += 1;
      } catch (error) {
        console.error('local websocket: $disconnect of a connection left by a crash failed', error);
      }
    }
    sweptJournal.compact();
    return swept;
  };

  const managed = {
    find: (id: string) => open.get(id),
    touch: (connection: OpenConnection) => resetIdle(connection),
  };

  return {
    handles: (url) => url.pathname.startsWith(managementPrefix) || url.pathname === webSocketPath,
    handleRequest(request, response, url) {
      if (!url.pathname.startsWith(managementPrefix)) {
        sendJson(response, 426, { message: 'Upgrade Required' });
        return;
      }
      handleManagementRequest(request, response, url, managed, maxMessageBytes).catch((error: unknown) => {
        console.error('local websocket: management request failed', error);
        if (!response.headersSent) sendJson(response, 500, { message: 'Internal server error' });
        else response.end();
      });
    },
    handleUpgrade,
    sweepOrphans() {
      if (!journal) return Promise.resolve(0);
      const swept = sweep(journal);
      sweeping = swept.catch(() => undefined);
      return swept;
    },
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
