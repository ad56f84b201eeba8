import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';

import sirv from 'sirv';

import { areaHandlers, type AreaHandler } from '@orbit/functions/areas';
import type { Area } from '@orbit/functions/routes';

import { fromLambdaResult, lambdaContext, toApiGatewayEvent, type HttpReply } from './api-gateway-event';
import { createRouteMatcher } from './route-matcher';
import { attachLocalWebSocketGateway, createLocalWebSocketGateway } from './websocket';

/** API Gateway's payload limit; bigger bodies are refused before reaching a handler. */
const maxBodyBytes = 10 * 1024 * 1024;

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface LocalServerOptions {
  /** The built web app (served with SPA fallback), if any. */
  readonly webDir?: string;
  /** Vite's dev middlewares instead of the build (npm run dev). */
  readonly webMiddleware?: Middleware;
}

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

const send = (response: ServerResponse, reply: HttpReply) => {
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
};

const apiGatewayError = (status: number, message: string): HttpReply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify({ message })),
});

/** Mirrors the CloudFront response-headers policy for the web app. */
const webSecurityHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * One port: `/api/*` goes to the real Lambda handlers with API Gateway v2 events, `/ws` to the
 * WebSocket gateway (websocket.ts), everything else to the web app with SPA fallback.
 */
export const createLocalServer = (options: LocalServerOptions = {}): Server => {
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

  const staticFiles =
    options.webDir && existsSync(options.webDir)
      ? sirv(options.webDir, {
          single: true,
          etag: true,
          gzip: false,
          setHeaders(response, pathname) {
            for (const [name, value] of Object.entries(webSecurityHeaders)) response.setHeader(name, value);
            response.setHeader(
              'cache-control',
              pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
          },
        })
      : undefined;
  const web: Middleware | undefined = options.webMiddleware ?? staticFiles;

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

  const realtime = createLocalWebSocketGateway();
  const server = createServer((request, response) => {
    const url = URL.parse(request.url ?? '/', 'http://localhost');
    // A request target no URL parser reads (`GET http://[/`) is the caller's error, not a crash.
    if (!url) return send(response, apiGatewayError(400, 'Bad Request'));
    if (realtime.handles(url)) return realtime.handleRequest(request, response, url);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      handleApi(request, response, url).catch((error: unknown) => {
        console.error('local server: handler crashed', error);
        if (!response.headersSent) send(response, apiGatewayError(500, 'Internal Server Error'));
        else response.end();
      });
      return;
    }
    if (!web) {
      send(response, {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: Buffer.from('The web app is not built. Run `npm run build`.'),
      });
      return;
    }
    web(request, response, () => send(response, apiGatewayError(404, 'Not Found')));
  });
  attachLocalWebSocketGateway(server, realtime);
  return server;
};
