import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';

import { apiGatewayError, createLocalHttpApi, send } from './http-api';
import { localSecurityHeaders, serveWebBuild } from './static-files';
import { attachLocalWebSocketGateway, createLocalWebSocketGateway } from './websocket/gateway';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface LocalServerOptions {
  /** The built web app (served with SPA fallback), if any. */
  readonly webDir?: string;
  /** Vite's dev middlewares instead of the build (npm run dev). */
  readonly webMiddleware?: Middleware;
}

/**
 * One port: `/api/*` goes to the real Lambda handlers with API Gateway v2 events, `/ws` to the
 * WebSocket gateway (websocket/), everything else to the web app with SPA fallback.
 */
export const createLocalServer = (options: LocalServerOptions = {}): Server => {
  const api = createLocalHttpApi();
  const staticFiles = options.webDir && existsSync(options.webDir) ? serveWebBuild(options.webDir) : undefined;
  const web: Middleware | undefined = options.webMiddleware ?? staticFiles;
  const securityHeaders = localSecurityHeaders({
    ...(options.webDir ? { webDir: options.webDir } : {}),
    devServer: options.webMiddleware !== undefined,
  });

  const realtime = createLocalWebSocketGateway();
  const server = createServer((request, response) => {
    // As CloudFront's response-headers policy does, on every response: web, API and errors.
    for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
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
