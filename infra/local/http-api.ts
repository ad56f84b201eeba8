import type { IncomingMessage, ServerResponse } from 'node:http';

import { areaHandlers, type AreaHandler } from '@orbit/functions/areas';
import type { Area } from '@orbit/functions/routes';

import { fromLambdaResult, lambdaContext, toApiGatewayEvent, type HttpReply } from './api-gateway-event';
import { createRouteMatcher } from './route-matcher';

/** API Gateway's payload limit; bigger bodies are refused before reaching a handler. */
const maxBodyBytes = 10 * 1024 * 1024;

export const apiPrefix = '/api';

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(new Error('payload too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export const send = (response: ServerResponse, reply: HttpReply) => {
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
};

export const apiGatewayError = (status: number, message: string): HttpReply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify({ message })),
});

export interface LocalHttpApi {
  /** Whether a path belongs to the HTTP API (`/api` and below). */
  handles(url: URL): boolean;
  handle(request: IncomingMessage, response: ServerResponse, url: URL): void;
}

/**
 * The HTTP API on one machine: the route table's routes reach the real Lambda handlers as API
 * Gateway v2 events, loaded lazily per area like a cold start.
 */
export const createLocalHttpApi = (): LocalHttpApi => {
  const matchRoute = createRouteMatcher();
  const loaded = new Map<Area, Promise<AreaHandler>>();
  const handlerFor = (area: Area) => {
    let handler = loaded.get(area);
    if (!handler) {
      handler = areaHandlers[area]();
      loaded.set(area, handler);
    }
    return handler;
  };

  const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const match = matchRoute(request.method ?? 'GET', url.pathname);
    if (!match) return send(response, apiGatewayError(404, 'Not Found'));
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch {
      return send(response, apiGatewayError(413, 'Request Entity Too Large'));
    }
    const event = toApiGatewayEvent(request, url, body, match);
    const handler = await handlerFor(match.route.area);
    const result = await handler(event, lambdaContext(`orbit-${match.route.area}`));
    send(response, fromLambdaResult(result));
  };

  return {
    handles: (url) => url.pathname === apiPrefix || url.pathname.startsWith(`${apiPrefix}/`),
    handle(request, response, url) {
      handleApi(request, response, url).catch((error: unknown) => {
        console.error('local server: handler crashed', error);
        if (!response.headersSent) send(response, apiGatewayError(500, 'Internal Server Error'));
        else response.end();
      });
    },
  };
};
