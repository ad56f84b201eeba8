import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';

import sirv from 'sirv';

import { apiGatewayError, createLocalHttpApi, send } from './http-api';
import { attachLocalWebSocketGateway, createLocalWebSocketGateway } from './websocket/gateway';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface LocalServerOptions {
  /** The built web app (served with SPA fallback), if any. */
  readonly webDir?: string;
  /** Vite's dev middlewares instead of the build (npm run dev). */
  readonly webMiddleware?: Middleware;
}

/** Mirrors the CloudFront response-headers policy for the web app. */
const webSecurityHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * One port: `/api/*` goes to the real Lambda handlers with API Gateway v2 events, `/ws` to the
 * WebSocket gateway (websocket/), everything else to the web app with SPA fallback.
 */
export const createLocalServer = (options: LocalServerOptions = {}): Server => {
  const api = createLocalHttpApi();
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

  const realtime = createLocalWebSocketGateway();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (realtime.handles(url)) return realtime.handleRequest(request, response, url);
    if (api.handles(url)) return api.handle(request, response, url);
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
