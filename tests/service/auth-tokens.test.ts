import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { authenticateConnection } from '@orbit/functions/core/websocket-handler';
import { httpRoutes, routeKeyOf } from '@orbit/functions/routes';

import { invokeHttpRoute } from '../../infra/local/http-api';
import { newConnectionId, requestContext } from '../../infra/local/websocket/events';
import { demo } from '../support/api-stack';

import { claimsOf, firefox, signInWith } from './support/auth-fixtures';
import { useTestClock } from './support/clock';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * Access tokens must say when they expire: a token signed with the server's own key, for a live
 * session, but without `exp` (or `iat`) is refused on every signed-in route and on the WebSocket.
 * Every signed-in route is called through its area's real handler with the API Gateway event the
 * local server builds (infra/local/http-api.ts, invokeHttpRoute), in this process, without a
 * socket: the authentication each route runs first is what refuses the token.
 */

useTestClock();
const tokens: Record<'withoutExp' | 'withoutIat' | 'valid', string> = { withoutExp: '', withoutIat: '', valid: '' };

const signedInRoutes = httpRoutes.filter((route) => route.access === 'signed-in');
/** Any value fills a path parameter: authentication comes before anything reads it. */
const pathOf = (path: string) => path.replace(/\{(\w+)\+?\}/g, 'ANYID0000000000000000000000');
const call = (method: string, path: string, token: string, body?: unknown) =>
  invokeHttpRoute({
    method,
    target: path,
    headers: {
      authorization: `Bearer ${token}`,
      'user-agent': firefox,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  await copySeededWorkspace();
  const { body } = await signInWith(demo.admin.phone, demo.admin.password);
  const { sub, sid } = claimsOf(body.accessToken);
  const key = new TextEncoder().encode(process.env.JWT_SECRET);
  const claims = () =>
    new SignJWT({ role: 'admin', sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer('orbit')
      .setAudience('orbit-api');
  tokens.withoutExp = await claims().setIssuedAt().sign(key);
  tokens.withoutIat = await claims().setExpirationTime('10m').sign(key);
  tokens.valid = await claims().setIssuedAt().setExpirationTime('10m').sign(key);
});

describe('an access token without exp', () => {
  it('is a token the server would otherwise accept (same key, live session)', async () => {
    expect((await call('GET', '/api/auth/me', tokens.valid)).status).toBe(200);
  });

  it.each(signedInRoutes.map((route) => [routeKeyOf(route), route] as const))(
    'is refused by %s',
    async (_key, route) => {
      for (const token of [tokens.withoutExp, tokens.withoutIat]) {
        const body = route.method === 'GET' ? undefined : {};
        const response = await call(route.method, pathOf(route.path), token, body);
        expect(response.status).toBe(401);
      }
    },
  );

  it('is refused by the WebSocket handshake', async () => {
    // The browser asks for a ticket with its access token, then hands the ticket to the handshake.
    expect((await call('POST', '/api/realtime/ticket', tokens.withoutExp)).status).toBe(401);
    const granted = await call('POST', '/api/realtime/ticket', tokens.valid);
    expect(granted.status).toBe(201);
    const { ticket } = JSON.parse(granted.body.toString('utf8')) as { ticket: string };
    const connection = { id: newConnectionId(), connectedAt: Date.now(), sourceIp: '198.18.0.1', userAgent: firefox };
    const principal = await authenticateConnection({
      requestContext: requestContext('$connect', 'CONNECT', connection, 'localhost'),
      queryStringParameters: { ticket },
      isBase64Encoded: false,
    });
    expect(principal).toMatchObject({ via: 'session', userId: claimsOf(tokens.valid).sub });
  });
});
