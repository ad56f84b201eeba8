import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { OutboundRefused, type HostResolver } from './outbound-address';
import { guardedFetch, OutboundAnswerTooLarge, postSafely, requestSafely } from './safe-outbound';

/** Loopback servers standing in for receivers; `handle` decides each response of the first. */
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let server: Server;
let port: number;
let handle: Handler;
/** A second server, where a redirect points: it must never be called. */
let elsewhere: Server;
let elsewhereUrl: string;
let elsewhereCalls = 0;

const listen = async (target: Server): Promise<number> => {
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  return (target.address() as AddressInfo).port;
};

beforeAll(async () => {
  server = createServer((request, response) => handle(request, response));
  port = await listen(server);
  elsewhere = createServer((request, response) => {
    elsewhereCalls += 1;
    request.resume();
    response.end('secret');
  });
  elsewhereUrl = `http://127.0.0.1:${await listen(elsewhere)}/latest/meta-data/`;
});

afterAll(async () => {
  for (const target of [server, elsewhere]) {
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  }
});

const answer =
  (status: number, body: string, headers: Record<string, string> = {}): Handler =>
  (request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, headers);
      response.end(body);
    });
  };

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

describe('one safe outbound call', () => {
  it('connects to the address the check resolved, not to a second DNS answer', async () => {
    handle = answer(200, 'ok');
    // The system resolver knows no `hooks.example`: only the pinned address can be reached.
    const resolve: HostResolver = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    const result = await post(`http://hooks.example:${port}/in`, { resolve });
    expect(result).toMatchObject({ ok: true, statusCode: 200, responseBody: 'ok' });
  });

  it('reads at most the cap of a long answer', async () => {
    handle = answer(200, 'x'.repeat(100_000));
    const result = await post(`http://127.0.0.1:${port}/in`, { maxResponseBytes: 1000 });
    expect(result.responseBody).toHaveLength(1000);
  });

  it('cuts a 512 MiB answer at the cap and drops the connection, instead of buffering it', async () => {
    const total = 512 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 120);
    let written = 0;
    let serverDone!: Promise<void>;
    handle = (request, response) => {
      request.resume();
      serverDone = new Promise((resolve) => response.once('close', () => resolve()));
      response.writeHead(200, { 'content-length': String(total) });
      const pump = () => {
        while (written < total && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    };
    const answered = await requestSafely({
      url: `http://127.0.0.1:${port}/big`,
      maxResponseBytes: 64 * 1024,
      policy: loopbackAllowed,
    });
    await serverDone;
    expect(answered).toMatchObject({ statusCode: 200, truncated: true });
    expect(answered.body).toHaveLength(64 * 1024);
    // What the server got out before the connection went: socket buffers, not 512 MiB.
    expect(written).toBeLessThan(32 * 1024 * 1024);
  });

  it('records a redirect as a failure without following it', async () => {
    handle = answer(301, '', { location: elsewhereUrl });
    const before = elsewhereCalls;
    const result = await post(`http://127.0.0.1:${port}/in`);
    expect(result).toMatchObject({ ok: false, statusCode: 301, error: `Redirect not followed (to ${elsewhereUrl})` });
    expect(elsewhereCalls).toBe(before);
  });

  it('answers a refused address without connecting, in words that name no connection detail', async () => {
    let called = false;
    handle = (request, response) => {
      called = true;
      answer(200, 'ok')(request, response);
    };
    const result = await postSafely({
      url: `http://127.0.0.1:${port}/in`,
      headers: {},
      body: '{}',
      maxResponseBytes: 10,
      policy: { allowLoopback: false, allowHttp: true },
    });
    expect(result).toMatchObject({ ok: false, error: 'Address not allowed: 127.0.0.1 is loopback' });
    expect(result.statusCode).toBeUndefined();
    expect(called).toBe(false);
  });

  it.each(['[::127.0.0.1]', '[::169.254.169.254]', '[::10.0.0.1]', '[::ffff:169.254.169.254]', '[64:ff9b::a9fe:a9fe]'])(
    'refuses the IPv4-in-IPv6 literal %s before any connection, even with loopback allowed',
    async (host) => {
      await expect(
        requestSafely({ url: `http://${host}:${port}/in`, maxResponseBytes: 10, policy: loopbackAllowed }),
      ).rejects.toThrow(OutboundRefused);
    },
  );

  it('reuses a kept-alive connection for a configured service, leaking no listener per call', async () => {
    handle = answer(200, 'ok');
    let connections = 0;
    const count = () => (connections += 1);
    server.on('connection', count);
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.name);
    process.on('warning', warned);
    try {
      for (let call = 0; call < 15; call += 1) {
        const answered = await requestSafely({
          url: `http://127.0.0.1:${port}/again`,
          maxResponseBytes: 100,
          policy: loopbackAllowed,
          keepAlive: true,
        });
        expect(answered.body.toString()).toBe('ok');
      }
      await new Promise(setImmediate);
    } finally {
      server.off('connection', count);
      process.off('warning', warned);
    }
    expect(connections).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('stops waiting for a receiver that never answers once the call is cut off (the timeouts abort the same way)', async () => {
    handle = () => undefined;
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

describe('the guarded fetch an SDK is given', () => {
  const guarded = (maxResponseBytes = 1024, allowLoopback = true) =>
    guardedFetch({ maxResponseBytes, policy: () => ({ allowLoopback, allowHttp: true }) });

  it('answers like fetch: status, headers and body, with the method and body sent', async () => {
    let seen = '';
    handle = (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (part: Buffer) => chunks.push(part));
      request.on('end', () => {
        seen = `${request.method} ${Buffer.concat(chunks).toString()}`;
        response.writeHead(201, { 'content-type': 'application/json', 'request-id': 'req_1' });
        response.end('{"id":"cs_1"}');
      });
    };
    const response = await guarded()(`http://127.0.0.1:${port}/v1/x`, { method: 'POST', body: 'a=1' });
    expect(response.status).toBe(201);
    expect(response.headers.get('request-id')).toBe('req_1');
    expect(await response.json()).toEqual({ id: 'cs_1' });
    expect(seen).toBe('POST a=1');
  });

  it('refuses an answer over its cap, a refused address, and hands a redirect back unfollowed', async () => {
    handle = answer(200, 'x'.repeat(5000));
    await expect(guarded(1000)(`http://127.0.0.1:${port}/big`)).rejects.toBeInstanceOf(OutboundAnswerTooLarge);
    await expect(guarded(1000, false)(`http://127.0.0.1:${port}/x`)).rejects.toBeInstanceOf(OutboundRefused);
    handle = answer(302, '', { location: elsewhereUrl });
    const before = elsewhereCalls;
    const redirected = await guarded()(`http://127.0.0.1:${port}/r`);
    expect(redirected.status).toBe(302);
    expect(elsewhereCalls).toBe(before);
  });
});
