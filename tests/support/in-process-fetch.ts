import { invokeHttpRoute } from '../../infra/local/http-api';

import type { Transport } from './api-stack';

/** Statuses a `Response` may not carry a body with. */
const withoutBody = new Set([101, 103, 204, 205, 304]);

const bodyBytes = (body: RequestInit['body']): Buffer => {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new Error('in-process fetch sends a string or bytes as the body, nothing else');
};

/**
 * `fetch` for the local stack's HTTP API without the socket, for the sweeps that call every
 * route as every identity (the authorisation matrix, the fuzz): each request goes through
 * `invokeHttpRoute`, the entry the local server itself calls once it has admitted a request and
 * read its body, so routing, the API Gateway event, authentication, parsing and the error
 * mapping are the server's own. What only a socket has (size limits, overload, security
 * headers) is left out, and tested over HTTP (tests/api/local-stack.test.ts, web-delivery.test.ts).
 *
 * It sends the headers Node's fetch would that a handler reads (host, user agent, length), from
 * one source address: `sourceIp`, as `fromSource` (from-source.ts) picks a loopback address.
 */
export const inProcessFetch = (baseUrl: string, sourceIp = '127.0.0.1'): Transport => {
  const { origin } = new URL(baseUrl);
  return async (input, init = {}) => {
    const url = new URL(input);
    if (url.origin !== origin) throw new Error(`in-process fetch reaches ${origin} only, not ${url.origin}`);
    const body = bodyBytes(init.body);
    const headers: Record<string, string> = { host: url.host, 'user-agent': 'node', accept: '*/*' };
    for (const [name, value] of new Headers(init.headers)) headers[name] = value;
    if (init.body !== undefined && init.body !== null) headers['content-length'] = String(body.length);
    const reply = await invokeHttpRoute({
      method: init.method ?? 'GET',
      target: `${url.pathname}${url.search}`,
      headers,
      body,
      sourceIp,
    });
    const replyHeaders = new Headers();
    for (const [name, value] of Object.entries(reply.headers))
      for (const each of [value].flat()) replyHeaders.append(name, each);
    return new Response(withoutBody.has(reply.status) ? null : new Uint8Array(reply.body), {
      status: reply.status,
      headers: replyHeaders,
    });
  };
};
