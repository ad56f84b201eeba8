import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

import {
  checkOutboundUrl,
  OutboundRefused,
  outboundPolicy,
  type HostResolver,
  type OutboundPolicy,
} from './outbound-address';

/**
 * One POST to an outsider's URL (outgoing webhooks), safely: the host is resolved and checked
 * (outbound-address.ts), the connection goes to that checked address (node's `lookup` is pinned,
 * so DNS rebinding cannot swap it; TLS still verifies the host name), a redirect is an answer,
 * never followed, the connection and the whole exchange have time limits, and at most
 * `maxResponseBytes` of the answer are read. Never throws for the outside's failures: the
 * outcome says what happened, for the delivery log.
 */

export const outboundLimits = {
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 10_000,
} as const;

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

interface Answer {
  readonly statusCode: number;
  readonly body: string;
  readonly location?: string;
}

/** Reads at most `max` bytes of the answer, then lets the connection go. */
const readCapped = (response: IncomingMessage, max: number): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => resolve(Buffer.concat(chunks).subarray(0, max).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= max) {
        response.destroy();
        finish();
      }
    });
    response.on('end', finish);
    response.on('error', finish);
    response.on('close', finish);
  });

const send = (post: OutboundPost, url: URL, pinned: LookupFunction, signal: AbortSignal): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        lookup: pinned,
        signal,
        agent: false,
      },
      (response) => {
        void readCapped(response, post.maxResponseBytes).then((body) =>
          resolve({
            statusCode: response.statusCode ?? 0,
            body,
            ...(response.headers.location ? { location: response.headers.location } : {}),
          }),
        );
      },
    );
    const connectTimer = setTimeout(
      () => request.destroy(new Error(`No connection within ${outboundLimits.connectTimeoutMs} ms`)),
      outboundLimits.connectTimeoutMs,
    );
    request.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      socket.once('connect', () => clearTimeout(connectTimer));
    });
    request.on('close', () => clearTimeout(connectTimer));
    request.on('error', reject);
    request.end(post.body);
  });

const messageOf = (error: unknown): string => {
  if (error instanceof Error && error.name === 'AbortError')
    return `No answer within ${outboundLimits.totalTimeoutMs} ms`;
  return error instanceof Error ? error.message : String(error);
};

export const postSafely = async (post: OutboundPost): Promise<OutboundResult> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target;
  try {
    target = await checkOutboundUrl(post.url, post.policy ?? outboundPolicy(), post.resolve);
  } catch (error) {
    if (error instanceof OutboundRefused) return { ok: false, durationMs: elapsed(), error: error.message };
    throw error;
  }
  const { address, family } = target;
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const timeout = AbortSignal.timeout(outboundLimits.totalTimeoutMs);
  const signal = post.signal ? AbortSignal.any([post.signal, timeout]) : timeout;
  try {
    const answer = await send(post, target.url, pinned, signal);
    const base = { durationMs: elapsed(), statusCode: answer.statusCode, responseBody: answer.body };
    if (answer.statusCode >= 200 && answer.statusCode < 300) return { ...base, ok: true };
    if (answer.statusCode >= 300 && answer.statusCode < 400) {
      return { ...base, ok: false, error: `Redirect not followed (to ${answer.location ?? 'nowhere'})` };
    }
    return { ...base, ok: false, error: `HTTP ${answer.statusCode}` };
  } catch (error) {
    return { ok: false, durationMs: elapsed(), error: messageOf(error) };
  }
};
