import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

import { checkOutboundUrl, outboundPolicy, type HostResolver, type OutboundPolicy } from './outbound-address';

/**
 * The one way the server calls a URL (docs/integrations.md, "Safe outbound"): webhook
 * subscriptions, webhook channels, the Telegram Bot API and Stripe's API all go through
 * `requestSafely`. The host is resolved and checked (outbound-address.ts), the connection goes
 * to that checked address (node's `lookup` is pinned, so DNS rebinding cannot swap it; TLS
 * still verifies the host name), a redirect is an answer, never followed, the connection and
 * the whole exchange have time limits, and at most `maxResponseBytes` of the answer are read:
 * past that the connection is dropped, so a receiver answering gigabytes costs nothing.
 * AWS's own endpoints (the SDK clients, S3 presigned requests, the secrets extension on
 * localhost) are not URLs anyone but the deployment chooses, and do not come here.
 */

export const outboundLimits = {
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 10_000,
} as const;

export interface OutboundRequest {
  readonly url: string;
  /** POST unless said otherwise. */
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Read at most this much of the answer, then drop the connection. */
  readonly maxResponseBytes: number;
  readonly signal?: AbortSignal;
  /** Which addresses: a user's URL (the default) or a configured service's (configuredServicePolicy). */
  readonly policy?: OutboundPolicy;
  readonly resolve?: HostResolver;
  /**
   * Reuse connections (a configured service called often: Telegram, Stripe). A pooled
   * connection was made to an address checked when it was opened. Off for users' URLs.
   */
  readonly keepAlive?: boolean;
}

export interface OutboundResponse {
  readonly statusCode: number;
  readonly headers: IncomingHttpHeaders;
  /** At most `maxResponseBytes` of the answer. */
  readonly body: Buffer;
  /** The answer was longer than `maxResponseBytes`: `body` is its beginning only. */
  readonly truncated: boolean;
}

/** A connection that did not open in time: nothing was sent. */
export const connectTimeoutCode = 'OUTBOUND_CONNECT_TIMEOUT';

const keepAliveAgents = {
  'http:': new HttpAgent({ keepAlive: true }),
  'https:': new HttpsAgent({ keepAlive: true }),
};

const pinnedLookup =
  (address: string, family: 4 | 6): LookupFunction =>
  (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

const exchange = (
  request: OutboundRequest,
  url: URL,
  lookup: LookupFunction,
  signal: AbortSignal,
): Promise<OutboundResponse> =>
  new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const body = request.body;
    const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: request.method ?? 'POST',
        headers: {
          ...request.headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
        lookup,
        signal,
        agent: request.keepAlive ? keepAliveAgents[url.protocol === 'https:' ? 'https:' : 'http:'] : false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = (truncated: boolean) => {
          if (settled) return;
          settled = true;
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).subarray(0, request.maxResponseBytes),
            truncated,
          });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size > request.maxResponseBytes) {
            finish(true);
            response.destroy();
          }
        });
        response.on('end', () => finish(false));
        response.on('error', fail);
        response.on('close', () => {
          if (!response.complete) fail(Object.assign(new Error('The answer was cut off'), { code: 'ECONNRESET' }));
        });
      },
    );
    const connectTimer = setTimeout(
      () =>
        outgoing.destroy(
          Object.assign(new Error(`No connection within ${outboundLimits.connectTimeoutMs} ms`), {
            code: connectTimeoutCode,
          }),
        ),
      outboundLimits.connectTimeoutMs,
    );
    outgoing.on('socket', (socket) => {
      // A pooled (keep-alive) socket is connected already, and will not say so again.
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    outgoing.on('close', () => clearTimeout(connectTimer));
    outgoing.on('error', fail);
    if (body === undefined) outgoing.end();
    else outgoing.end(body);
  });

/**
 * One guarded call. Throws OutboundRefused (nothing sent) for a URL or address that may not be
 * called, a socket error (with its `code`) when the call failed, an AbortError when it ran out
 * of time or `signal` ended it. Any HTTP answer, 3xx included, is returned, never followed.
 */
export const requestSafely = async (request: OutboundRequest): Promise<OutboundResponse> => {
  const target = await checkOutboundUrl(request.url, request.policy ?? outboundPolicy(), request.resolve);
  const timeout = AbortSignal.timeout(outboundLimits.totalTimeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  return exchange(request, target.url, pinnedLookup(target.address, target.family), signal);
};

// ---- webhook deliveries: an outcome, never a throw ---------------------------------------------

export interface OutboundResult {
  readonly durationMs: number;
  /** Absent when no answer came (refused address, timeout, connection error): see `error`. */
  readonly statusCode?: number;
  readonly responseBody?: string;
  /** Why it did not succeed (also for a non-2xx answer, e.g. a redirect that was not followed). */
  readonly error?: string;
  readonly ok: boolean;
}

export interface OutboundPost {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly maxResponseBytes: number;
  readonly signal?: AbortSignal;
  readonly policy?: OutboundPolicy;
  readonly resolve?: HostResolver;
}

const messageOf = (error: unknown): string => {
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
    return `No answer within ${outboundLimits.totalTimeoutMs} ms`;
  return error instanceof Error ? error.message : String(error);
};

/** One POST for the delivery log: what happened, in words an admin can read. */
export const postSafely = async (post: OutboundPost): Promise<OutboundResult> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await requestSafely({ ...post, method: 'POST' });
    const base = {
      durationMs: elapsed(),
      statusCode: answer.statusCode,
      responseBody: answer.body.toString('utf8'),
    };
    if (answer.statusCode >= 200 && answer.statusCode < 300) return { ...base, ok: true };
    if (answer.statusCode >= 300 && answer.statusCode < 400) {
      return { ...base, ok: false, error: `Redirect not followed (to ${answer.headers.location ?? 'nowhere'})` };
    }
    return { ...base, ok: false, error: `HTTP ${answer.statusCode}` };
  } catch (error) {
    return { ok: false, durationMs: elapsed(), error: messageOf(error) };
  }
};

// ---- SDKs that take a fetch (Stripe) ------------------------------------------------------------

/** The answer was longer than the caller's cap: refused rather than handed on cut. */
export class OutboundAnswerTooLarge extends Error {
  readonly code = 'OUTBOUND_ANSWER_TOO_LARGE';
  constructor(maxResponseBytes: number) {
    super(`The answer was longer than ${maxResponseBytes} bytes`);
    this.name = 'OutboundAnswerTooLarge';
  }
}

const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

const headersOf = (incoming: IncomingHttpHeaders): Headers => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
};

/**
 * A `fetch` for an SDK that takes one (Stripe.createFetchHttpClient), going through
 * `requestSafely`: same checks, no redirects, an answer over the cap is an error. Only string
 * bodies: what the SDKs here send.
 */
export const guardedFetch =
  (options: { readonly maxResponseBytes: number; readonly policy: () => OutboundPolicy }): typeof fetch =>
  async (input, init = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string')
      throw new TypeError('guardedFetch sends string bodies only');
    const answer = await requestSafely({
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { body: init.body } : {}),
      maxResponseBytes: options.maxResponseBytes,
      ...(init.signal ? { signal: init.signal } : {}),
      policy: options.policy(),
      keepAlive: true,
    });
    if (answer.truncated) throw new OutboundAnswerTooLarge(options.maxResponseBytes);
    const body = nullBodyStatuses.has(answer.statusCode) ? null : new Uint8Array(answer.body);
    return new Response(body, { status: answer.statusCode, headers: headersOf(answer.headers) });
  };
