import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';

import type { Area } from '@orbit/functions/routes';

import type { AdmissionLimits } from './admission';
import type { HttpReply } from './api-gateway-event';
import { createLocalHttpApi, defaultAdmissionLimits } from './http-api';
import {
  answerBeforeBody,
  answerClientError,
  oversizedRequest,
  parserMaxHeaderBytes,
  requestTimeoutMs,
  sendError,
} from './http-limits';
import { webLinksFromEnv, webRuntimeConfig } from '../lib/config';
import { webConfigFile } from '../lib/web';
import { shellCacheControl } from '../lib/web-caching';
import { mediaPathPrefix, serveMedia } from './media';
import { localSecurityHeaders, serveWebBuild } from './static-files';
import {
  attachLocalWebSocketGateway,
  createLocalWebSocketGateway,
  type LocalWebSocketGateway,
} from './websocket/gateway';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

export interface LocalServerOptions {
  /** The built web app (served with SPA fallback), if any. */
  readonly webDir?: string;
  /** Vite's dev middlewares instead of the build (npm run dev). */
  readonly webMiddleware?: Middleware;
  /** How many API requests of each area run at once and wait (tests make overload easy to reach). */
  readonly admission?: Readonly<Record<Area, AdmissionLimits>>;
  /** The WebSocket gateway to serve on `/ws` (the stack keeps it to sweep after a crash). */
  readonly realtime?: LocalWebSocketGateway;
}

const send = (response: ServerResponse, reply: HttpReply) => {
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
};

/**
 * One port: `/api/*` goes to the real Lambda handlers with API Gateway v2 events, `/ws` to the
 * WebSocket gateway (websocket/), everything else to the web app with SPA fallback.
 */
export const createLocalServer = (options: LocalServerOptions = {}): Server => {
  const api = createLocalHttpApi(options.admission ?? defaultAdmissionLimits);
  const staticFiles = options.webDir && existsSync(options.webDir) ? serveWebBuild(options.webDir) : undefined;
  const web: Middleware | undefined = options.webMiddleware ?? staticFiles;
  const securityHeaders = localSecurityHeaders({
    ...(options.webDir ? { webDir: options.webDir } : {}),
    devServer: options.webMiddleware !== undefined,
  });

  // What the deploy writes beside the build (infra/lib/web.ts), here from ORBIT_*_URL variables.
  const webConfig = Buffer.from(JSON.stringify(webRuntimeConfig(webLinksFromEnv(process.env))));

  const realtime = options.realtime ?? createLocalWebSocketGateway();
  const server = createServer(
    { maxHeaderSize: parserMaxHeaderBytes, requestTimeout: requestTimeoutMs },
    (request, response) => {
      // As CloudFront's response-headers policy does, on every response: web, API and errors.
      for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
      const oversized = oversizedRequest(request);
      if (oversized) return answerBeforeBody(request, response, oversized);
      const url = URL.parse(request.url ?? '/', 'http://localhost');
      // A request target no URL parser reads (`GET http://[/`) is the caller's error, not a crash.
      if (!url) return sendError(response, { status: 400, message: 'Bad request' });
      if (realtime.handles(url)) return realtime.handleRequest(request, response, url);
      if (api.handles(url)) return api.handle(request, response, url);
      if (url.pathname.startsWith(mediaPathPrefix)) return serveMedia(request, response, url);
      if (url.pathname === `/${webConfigFile}`) {
        send(response, {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': shellCacheControl },
          body: webConfig,
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
      web(request, response, () => sendError(response, { status: 404, message: 'Not found' }));
    },
  );
  server.on('clientError', answerClientError);
  attachLocalWebSocketGateway(server, realtime);
  return server;
};
