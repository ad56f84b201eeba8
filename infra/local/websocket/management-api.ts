import type { IncomingMessage, ServerResponse } from 'node:http';

import type { WebSocket } from 'ws';

import { webSocketPath } from './events';
import { readBody, sendJson } from './http';

/**
 * The management API handlers push through (`WS_ENDPOINT` = `<server>/ws`):
 * `POST|GET|DELETE /ws/@connections/{id}`, 410 Gone for a connection that is not open. The
 * handler code (ApiGatewayManagementApiClient) is the same as on AWS.
 */

export const managementPrefix = `${webSocketPath}/@connections/`;

/** What the management API needs of an open connection. */
export interface ManagedConnection {
  readonly socket: WebSocket;
  readonly connectedAt: number;
  readonly sourceIp: string;
  readonly userAgent: string;
  readonly lastActiveAt: number;
}

export interface ManagedConnections {
  find(id: string): ManagedConnection | undefined;
  /** A push counts as activity, as on AWS. */
  touch(connection: ManagedConnection): void;
}

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

export const handleManagementRequest = async (
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  connections: ManagedConnections,
  maxMessageBytes: number,
): Promise<void> => {
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
  const connection = connections.find(id);
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
    connections.touch(connection);
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
