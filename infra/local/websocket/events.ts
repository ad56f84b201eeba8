import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import type { APIGatewayProxyResultV2 } from 'aws-lambda';

import type { WebSocketEvent } from '@orbit/functions/core/websocket-handler';

/** The stage name, as behind CloudFront: browsers connect to `/ws`. */
export const webSocketPath = '/ws';

/** What API Gateway knows about a connection when it builds an event for it. */
export interface ConnectionIdentity {
  readonly id: string;
  readonly connectedAt: number;
  readonly sourceIp: string;
  readonly userAgent: string;
}

export type WebSocketEventType = 'CONNECT' | 'MESSAGE' | 'DISCONNECT';

/** API Gateway's ids look like `L0SM9cOFvHcCIhw=`; the `=` also exercises URL encoding. */
export const newConnectionId = () => `${randomBytes(9).toString('base64url')}=`;

/** The `requestContext` API Gateway gives every WebSocket event. */
export const requestContext = (
  routeKey: string,
  eventType: WebSocketEventType,
  connection: ConnectionIdentity,
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

/** `$connect` carries the handshake's headers and query string. */
export const connectEvent = (
  request: IncomingMessage,
  url: URL,
  connection: ConnectionIdentity,
  domainName: string,
): WebSocketEvent =>
  ({
    ...headersOf(request),
    ...queryOf(url),
    requestContext: requestContext('$connect', 'CONNECT', connection, domainName),
    isBase64Encoded: false,
  }) as WebSocketEvent;

export const messageEvent = (
  routeKey: string,
  connection: ConnectionIdentity,
  domainName: string,
  body: string,
  isBase64Encoded: boolean,
): WebSocketEvent => ({
  requestContext: requestContext(routeKey, 'MESSAGE', connection, domainName),
  body,
  isBase64Encoded,
});

export const disconnectEvent = (
  connection: ConnectionIdentity,
  domainName: string,
  closed?: { code: number; reason: string },
): WebSocketEvent =>
  ({
    requestContext: {
      ...requestContext('$disconnect', 'DISCONNECT', connection, domainName),
      ...(closed ? { disconnectStatusCode: closed.code, disconnectReason: closed.reason } : {}),
    },
    isBase64Encoded: false,
  }) as WebSocketEvent;

export const statusOf = (result: APIGatewayProxyResultV2): number =>
  typeof result === 'object' && result !== null && typeof result.statusCode === 'number' ? result.statusCode : 200;
