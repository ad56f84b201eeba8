import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { HostResolver } from './outbound-address';
import { postSafely } from './safe-outbound';

/** A loopback server standing in for a receiver; `answer` decides each response. */
let server: Server;
let port: number;
let answer: (respond: (status: number, body: string, headers?: Record<string, string>) => void) => void;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      answer((status, body, headers = {}) => {
        response.writeHead(status, headers);
        response.end(body);
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const loopbackAllowed = { allowLoopback: true, allowHttp: true };
const post = (url: string, extra: { resolve?: HostResolver; maxResponseBytes?: number } = {}) =>
  postSafely({
    url,
    headers: { 'content-type': 'application/json' },
    body: '{}',
    maxResponseBytes: extra.maxResponseBytes ?? 4096,
    policy: loopbackAllowed,
    ...(extra.resolve ? { resolve: extra.resolve } : {}),
  });

describe('one safe outbound POST', () => {
  it('connects to the address the check resolved, not to a second DNS answer', async () => {
    answer = (respond) => respond(200, 'ok');
    // The system resolver knows no `hooks.example`: only the pinned address can be reached.
    const resolve: HostResolver = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    const result = await post(`http://hooks.example:${port}/in`, { resolve });
    expect(result).toMatchObject({ ok: true, statusCode: 200, responseBody: 'ok' });
  });

  it('reads at most the cap of a long answer', async () => {
    answer = (respond) => respond(200, 'x'.repeat(100_000));
    const result = await post(`http://127.0.0.1:${port}/in`, { maxResponseBytes: 1000 });
    expect(result.responseBody).toHaveLength(1000);
  });

  it('records a redirect as a failure without following it', async () => {
    answer = (respond) => respond(301, '', { location: 'http://10.0.0.1/' });
    const result = await post(`http://127.0.0.1:${port}/in`);
    expect(result).toMatchObject({ ok: false, statusCode: 301, error: 'Redirect not followed (to http://10.0.0.1/)' });
  });

  it('answers a refused address without connecting', async () => {
    const result = await postSafely({
      url: `http://127.0.0.1:${port}/in`,
      headers: {},
      body: '{}',
      maxResponseBytes: 10,
      policy: { allowLoopback: false, allowHttp: true },
    });
    expect(result).toMatchObject({ ok: false, error: '127.0.0.1 is a loopback address, which webhooks may not reach' });
    expect(result.statusCode).toBeUndefined();
  });

  it('stops waiting for a receiver that never answers once the call is cut off (the timeouts abort the same way)', async () => {
    answer = () => undefined;
    const controller = new AbortController();
    const pending = postSafely({
      url: `http://127.0.0.1:${port}/in`,
      headers: {},
      body: '{}',
      maxResponseBytes: 10,
      policy: loopbackAllowed,
      signal: controller.signal,
    });
    controller.abort();
    const result = await pending;
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/No answer within/);
  });
});
