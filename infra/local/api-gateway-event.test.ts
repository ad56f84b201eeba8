import { describe, expect, it } from 'vitest';

import { fromLambdaResult, toApiGatewayEvent, type HttpRequestHead } from './api-gateway-event';

const request = (headers: HttpRequestHead['headers'], method = 'POST'): HttpRequestHead => ({
  method,
  headers,
  httpVersion: '1.1',
  sourceIp: '127.0.0.1',
});

const match = {
  route: { method: 'POST', path: '/api/apps/chat/chats/{userId}', area: 'health', access: 'signed-in' },
  pathParameters: { userId: '7' },
} as const;

describe('toApiGatewayEvent', () => {
  it('builds a payload 2.0 event with route key, cookies, query and path parameters', () => {
    const event = toApiGatewayEvent(
      request({ host: 'localhost:3000', cookie: 'a=1; orbit_refresh=x.y.z', 'content-type': 'application/json' }),
      new URL('http://localhost/api/apps/chat/chats/7?q=ann&tag=a&tag=b'),
      Buffer.from('{"message":"hi"}'),
      match,
    );
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('POST /api/apps/chat/chats/{userId}');
    expect(event.requestContext.routeKey).toBe(event.routeKey);
    expect(event.cookies).toEqual(['a=1', 'orbit_refresh=x.y.z']);
    expect(event.headers.cookie).toBeUndefined();
    expect(event.queryStringParameters).toEqual({ q: 'ann', tag: 'a,b' });
    expect(event.rawQueryString).toBe('q=ann&tag=a&tag=b');
    expect(event.pathParameters).toEqual({ userId: '7' });
    expect(event.body).toBe('{"message":"hi"}');
    expect(event.isBase64Encoded).toBe(false);
  });

  it('joins repeated headers with commas, and reports the source address and the protocol', () => {
    const event = toApiGatewayEvent(
      {
        method: 'GET',
        headers: { 'x-forwarded-for': ['10.0.0.1', '10.0.0.2'], 'user-agent': 'probe' },
        sourceIp: '127.0.0.7',
      },
      new URL('http://localhost/api/apps/chat/chats/7'),
      Buffer.alloc(0),
      match,
    );
    expect(event.headers['x-forwarded-for']).toBe('10.0.0.1,10.0.0.2');
    expect(event.requestContext.http).toEqual({
      method: 'GET',
      path: '/api/apps/chat/chats/7',
      protocol: 'HTTP/1.1',
      sourceIp: '127.0.0.7',
      userAgent: 'probe',
    });
    expect(event.requestContext.domainName).toBe('localhost');
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('base64-encodes binary bodies', () => {
    const event = toApiGatewayEvent(
      request({ 'content-type': 'image/png' }),
      new URL('http://localhost/api/apps/chat/chats/7'),
      Buffer.from([0, 1, 2, 255]),
      match,
    );
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body ?? '', 'base64')).toEqual(Buffer.from([0, 1, 2, 255]));
  });
});

describe('fromLambdaResult', () => {
  it('turns cookies into Set-Cookie headers and keeps the status', () => {
    const reply = fromLambdaResult({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json' },
      cookies: ['a=1', 'b=2'],
      body: '{}',
    });
    expect(reply.status).toBe(201);
    expect(reply.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.body.toString()).toBe('{}');
  });

  it('decodes a base64 body to its bytes, as API Gateway does for a file (an invoice PDF)', () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]);
    const reply = fromLambdaResult({
      statusCode: 200,
      headers: { 'content-type': 'application/pdf' },
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    });
    expect(reply.body).toEqual(bytes);
  });
});
