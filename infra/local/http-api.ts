import type { IncomingMessage, ServerResponse } from 'node:http';

import { areaHandlers, type AreaHandler } from '@orbit/functions/area-handlers';
import { areas, type Area } from '@orbit/functions/routes';

import { createAdmission, type Admission, type AdmissionLimits } from './admission';
import {
  fromLambdaResult,
  lambdaContext,
  toApiGatewayEvent,
  type HttpReply,
  type HttpRequestHead,
} from './api-gateway-event';
import { answerBeforeBody, bodyLimitBytes, payloadTooLarge, sendError, type ErrorReply } from './http-limits';
import { createRouteMatcher, type RouteMatch } from './route-matcher';

export const apiPrefix = '/api';

/**
 * Each area is its own Lambda function in AWS, with its own concurrency; here each gets its own
 * cap. Sign-in and registration spend their time in scrypt, which runs four at a time in Node's
 * thread pool: more at once only lengthens each. Reads and writes share two cores with the
 * store: past eight at once a request's own time grows with the count (16 gave client
 * timeouts on a busy machine, 8 none at the same throughput). A request waits at most 2 s for
 * a slot, so that, with its own time, it is answered well inside a client's 10 s; the queue
 * is long (a waiting request holds only its small body) because a refusal at once invites a
 * client that ignores Retry-After to ask again at once, and those refusals eat the CPU the
 * admitted requests need. Tuned with `npm run bench load` (docs/decisions.md, "Request limits
 * and overload").
 */
const storeBound: AdmissionLimits = { maxInFlight: 8, maxQueued: 512, maxWaitMs: 2_000 };
export const defaultAdmissionLimits: Readonly<Record<Area, AdmissionLimits>> = {
  auth: { maxInFlight: 4, maxQueued: 512, maxWaitMs: 2_000 },
  health: storeBound,
  chat: storeBound,
  permissions: storeBound,
  projects: storeBound,
  channels: storeBound,
  users: storeBound,
  notifications: storeBound,
  team: storeBound,
  email: storeBound,
  mailings: storeBound,
  integrations: storeBound,
  openapi: storeBound,
  plans: storeBound,
  referrals: storeBound,
  // Writing a PDF is CPU work, not waiting on the store: two at a time leave the cores to the rest.
  'invoice-pdf': { maxInFlight: 2, maxQueued: 64, maxWaitMs: 5_000 },
  payments: storeBound,
};

const notFound: ErrorReply = { status: 404, message: 'Not found' };
const overloaded: ErrorReply = {
  status: 503,
  message: 'The server is busy, try again in a moment',
  headers: { 'retry-after': '1' },
};
const internalError: ErrorReply = { status: 500, message: 'Internal server error' };
const badRequest: ErrorReply = { status: 400, message: 'Bad request' };

/** An error as `sendError` writes it, as a reply (for the in-process entry, which has no response). */
const errorReply = (error: ErrorReply): HttpReply => {
  const body = Buffer.from(JSON.stringify({ errors: { [error.field ?? 'general']: [error.message] } }));
  return {
    status: error.status,
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...error.headers },
    body,
  };
};

/**
 * The body, unless it grows past `limit` (the rest is then the caller's to discard) or the
 * client goes away before sending all of it.
 */
const readBody = (request: IncomingMessage, limit: number): Promise<Buffer | 'too-large' | 'gone'> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      request.off('data', onData);
      resolve('too-large');
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', () => resolve('gone'));
    request.on('close', () => {
      if (!request.complete) resolve('gone');
    });
  });

const send = (response: ServerResponse, reply: HttpReply) => {
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
};

/** A request to the HTTP API once it is in hand: its head, target and whole body. */
export interface HttpRouteRequest extends Omit<HttpRequestHead, 'sourceIp'> {
  /** The request target as sent (`/api/apps/projects?limit=2`), or the URL the server parsed from it. */
  readonly target: string | URL;
  readonly body?: Buffer | string;
  /** `127.0.0.1` unless told: a test calling from "another network" gives another. */
  readonly sourceIp?: string;
}

const matchRoute = createRouteMatcher();

/**
 * Each area's handler, loaded on its first request like a cold start. Keyed by the loader, so
 * that a loader replaced in `areaHandlers` (a test's write probe wraps them) is the one used.
 */
const loadedHandlers = new WeakMap<() => Promise<AreaHandler>, Promise<AreaHandler>>();
const handlerFor = (area: Area): Promise<AreaHandler> => {
  const load = areaHandlers[area];
  let handler = loadedHandlers.get(load);
  if (!handler) {
    handler = load();
    loadedHandlers.set(load, handler);
  }
  return handler;
};

/**
 * One API request from its target to its answer, as API Gateway and Lambda would take it: the
 * route table's route (404 for none), the API Gateway v2 event, the area's real handler, and its
 * result as HTTP (a handler that throws answers 500, as a crashed invocation would). The local
 * server calls this for every request it admits, after reading its body (passing the route it
 * admitted it for); the authorisation matrix and the fuzz sweep call it directly, so they walk
 * the same path without a socket. What only a socket has (the limits on URL, head and body
 * size, overload, security headers) stays in the server and is tested over HTTP.
 */
export const invokeHttpRoute = async (request: HttpRouteRequest, matched?: RouteMatch): Promise<HttpReply> => {
  const url = typeof request.target === 'string' ? URL.parse(request.target, 'http://localhost') : request.target;
  if (!url) return errorReply(badRequest);
  const match = matched ?? matchRoute(request.method, url.pathname);
  if (!match) return errorReply(notFound);
  const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : (request.body ?? Buffer.alloc(0));
  const head: HttpRequestHead = {
    method: request.method,
    headers: request.headers,
    sourceIp: request.sourceIp ?? '127.0.0.1',
    ...(request.httpVersion === undefined ? {} : { httpVersion: request.httpVersion }),
  };
  try {
    const handler = await handlerFor(match.route.area);
    return fromLambdaResult(
      await handler(toApiGatewayEvent(head, url, body, match), lambdaContext(`orbit-${match.route.area}`)),
    );
  } catch (error) {
    console.error('local server: handler crashed', error);
    return errorReply(internalError);
  }
};

export interface LocalHttpApi {
  /** Whether a path belongs to the HTTP API (`/api` and below). */
  handles(url: URL): boolean;
  handle(request: IncomingMessage, response: ServerResponse, url: URL): void;
}

/**
 * The HTTP API on one machine: the route table's routes reach the real Lambda handlers as API
 * Gateway v2 events, loaded lazily per area like a cold start. In front of them, what API
 * Gateway and a bounded Lambda concurrency give in AWS: unknown routes, oversized bodies and
 * overload are answered here, in the API's error shape, before any handler runs.
 */
export const createLocalHttpApi = (
  limits: Readonly<Record<Area, AdmissionLimits>> = defaultAdmissionLimits,
): LocalHttpApi => {
  const admissions = Object.fromEntries(areas.map((area) => [area, createAdmission(limits[area])])) as Record<
    Area,
    Admission
  >;
  const handleApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const match = matchRoute(request.method ?? 'GET', url.pathname);
    if (!match) return answerBeforeBody(request, response, notFound);
    // A declared length over the limit is refused before a byte of the body is read.
    const limit = bodyLimitBytes[match.route.area];
    if (Number(request.headers['content-length'] ?? 0) > limit)
      return answerBeforeBody(request, response, payloadTooLarge(limit));
    const body = await readBody(request, limit);
    if (body === 'gone') return;
    if (body === 'too-large') return answerBeforeBody(request, response, payloadTooLarge(limit));

    const gone = new AbortController();
    response.once('close', () => gone.abort());
    const release = await admissions[match.route.area].admit(gone.signal);
    if (release === 'overloaded') {
      if (!response.destroyed) sendError(response, overloaded);
      return;
    }
    try {
      const reply = await invokeHttpRoute(
        {
          method: request.method ?? 'GET',
          target: url,
          headers: request.headers,
          body,
          sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
          httpVersion: request.httpVersion,
        },
        match,
      );
      send(response, reply);
    } finally {
      release();
    }
  };

  return {
    handles: (url) => url.pathname === apiPrefix || url.pathname.startsWith(`${apiPrefix}/`),
    handle(request, response, url) {
      handleApi(request, response, url).catch((error: unknown) => {
        console.error('local server: handler crashed', error);
        if (!response.headersSent && !response.destroyed) sendError(response, internalError);
        else response.end();
      });
    },
  };
};
