import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { areaHandlers, type AreaHandler } from '@orbit/functions/area-handlers';

import { createLocalHttpApi, invokeHttpRoute } from './http-api';

/**
 * The in-process entry the authorisation matrix and the fuzz sweep call (tests/api/), and the
 * proof that the local server goes through it: the same request over a socket and in process
 * reaches the handler as the same event.
 */

const realHealth = areaHandlers.health;
afterEach(() => {
  areaHandlers.health = realHealth;
  vi.restoreAllMocks();
});

/** Stands in for the health area's Lambda (replacing its loader, as the write probe does). */
const replaceHealth = (handler: AreaHandler) => {
  areaHandlers.health = () => Promise.resolve(handler);
};

/** An event with what differs per invocation (request id, time) left out. */
const comparable = (event: APIGatewayProxyEventV2) => {
  const { requestId: _id, time: _time, timeEpoch: _epoch, ...requestContext } = event.requestContext;
  return { ...event, requestContext };
};

const listening = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

describe('invokeHttpRoute', () => {
  it('runs the route table’s handler and answers as API Gateway would', async () => {
    const reply = await invokeHttpRoute({ method: 'GET', target: '/api/health', headers: {} });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(reply.body.toString())).toEqual({ status: 'ok' });
  });

  it('answers a path no route has 404, and a target no URL parser reads 400, in the error shape', async () => {
    const missing = await invokeHttpRoute({ method: 'GET', target: '/api/no-such-route', headers: {} });
    expect([missing.status, JSON.parse(missing.body.toString())]).toEqual([
      404,
      { errors: { general: ['Not found'] } },
    ]);
    const wrongMethod = await invokeHttpRoute({ method: 'DELETE', target: '/api/health', headers: {} });
    expect(wrongMethod.status).toBe(404);
    const unreadable = await invokeHttpRoute({ method: 'GET', target: 'http://[/api/health', headers: {} });
    expect([unreadable.status, JSON.parse(unreadable.body.toString())]).toEqual([
      400,
      { errors: { general: ['Bad request'] } },
    ]);
  });

  it('builds the event from the request: path parameters, query, cookies, body, source address', async () => {
    const seen: APIGatewayProxyEventV2[] = [];
    replaceHealth(async (event) => {
      seen.push(event);
      return { statusCode: 201, headers: { 'X-Seen': 'yes' }, cookies: ['a=1; Path=/'], body: '{"ok":true}' };
    });
    const reply = await invokeHttpRoute({
      method: 'GET',
      target: '/api/health?tag=a&tag=b',
      headers: { host: '127.0.0.1:3000', cookie: 'orbit_refresh=x', 'content-type': 'application/json' },
      body: '{"name":"n"}',
      sourceIp: '127.0.0.9',
    });
    expect(reply.status).toBe(201);
    expect(reply.headers).toMatchObject({ 'x-seen': 'yes', 'set-cookie': ['a=1; Path=/'] });
    expect(reply.body.toString()).toBe('{"ok":true}');
    const [event] = seen;
    expect(event?.routeKey).toBe('GET /api/health');
    expect(event?.queryStringParameters).toEqual({ tag: 'a,b' });
    expect(event?.cookies).toEqual(['orbit_refresh=x']);
    expect(event?.body).toBe('{"name":"n"}');
    expect(event?.requestContext.domainName).toBe('127.0.0.1:3000');
    expect(event?.requestContext.http.sourceIp).toBe('127.0.0.9');
  });

  it('turns a handler that throws into a 500 that reveals nothing of it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    replaceHealth(() => Promise.reject(new Error('table orbit-secret is gone')));
    const reply = await invokeHttpRoute({ method: 'GET', target: '/api/health', headers: {} });
    expect([reply.status, JSON.parse(reply.body.toString())]).toEqual([
      500,
      { errors: { general: ['Internal server error'] } },
    ]);
    expect(console.error).toHaveBeenCalledWith('local server: handler crashed', expect.any(Error));
  });
});

describe('the local HTTP API', () => {
  it('hands the handler the same event over a socket as invokeHttpRoute builds in process', async () => {
    const seen: APIGatewayProxyEventV2[] = [];
    replaceHealth(async (event) => {
      seen.push(event);
      return { statusCode: 200, body: '{}' };
    });
    const api = createLocalHttpApi();
    const server = createServer((request, response) =>
      api.handle(request, response, new URL(request.url ?? '/', 'http://localhost')),
    );
    const port = await listening(server);
    try {
      const headers = {
        host: `127.0.0.1:${port}`,
        'content-type': 'text/plain',
        cookie: 'a=1; b=2',
        'user-agent': 'probe',
      };
      const overSocket = await fetch(`http://127.0.0.1:${port}/api/health?x=%ZZ&x=2`, { headers });
      expect(overSocket.status).toBe(200);
      // Node's fetch adds headers of its own: the in-process call is given the ones that arrived.
      const arrived = seen[0]?.headers ?? {};
      const inProcess = await invokeHttpRoute({
        method: 'GET',
        target: '/api/health?x=%ZZ&x=2',
        headers: { ...arrived, cookie: headers.cookie },
        sourceIp: '127.0.0.1',
      });
      expect(inProcess.status).toBe(200);
      const [socketEvent, processEvent] = seen;
      expect(socketEvent && comparable(socketEvent)).toEqual(processEvent && comparable(processEvent));
      expect(socketEvent?.requestContext.http.sourceIp).toBe('127.0.0.1');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
