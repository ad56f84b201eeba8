import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { httpRoutes, routeKeyOf } from '@orbit/functions/routes';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { WsClient } from '../support/ws-client';

/**
 * Access tokens must say when they expire: a token signed with the server's own key, for a live
 * session, but without `exp` (or `iat`) is refused on every signed-in route and on the WebSocket.
 */

let stack: LocalStack;
let admin: ApiClient;
const tokens: Record<string, string> = {};

const signedInRoutes = httpRoutes.filter((route) => route.access === 'signed-in');
/** Any value fills a path parameter: authentication comes before anything reads it. */
const pathOf = (path: string) => path.replace(/\{(\w+)\+?\}/g, 'ANYID0000000000000000000000');

beforeAll(async () => {
  stack = await startApiStack();
  admin = new ApiClient(stack.url);
  const { status } = await admin.signIn(demo.admin.phone, demo.admin.password);
  if (status !== 201) throw new Error(`admin sign-in answered ${status}`);
  const payload = JSON.parse(Buffer.from((admin.accessToken ?? '').split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  const key = new TextEncoder().encode(process.env.JWT_SECRET);
  const claims = () =>
    new SignJWT({ role: 'admin', sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setIssuer('orbit')
      .setAudience('orbit-api');
  tokens.withoutExp = await claims().setIssuedAt().sign(key);
  tokens.withoutIat = await claims().setExpirationTime('10m').sign(key);
  tokens.valid = await claims().setIssuedAt().setExpirationTime('10m').sign(key);
});
afterAll(async () => {
  await stack.stop();
});

describe('an access token without exp', () => {
  it('is a token the server would otherwise accept (same key, live session)', async () => {
    expect((await admin.request('GET', '/api/auth/me', { token: tokens.valid })).status).toBe(200);
  });

  it.each(signedInRoutes.map((route) => [routeKeyOf(route), route] as const))(
    'is refused by %s',
    async (_key, route) => {
      for (const token of [tokens.withoutExp, tokens.withoutIat]) {
        const body = route.method === 'GET' ? undefined : {};
        const response = await admin.request(route.method, pathOf(route.path), { token, body });
        expect(response.status).toBe(401);
      }
    },
  );

  it('is refused by the WebSocket handshake', async () => {
    await expect(WsClient.connect(stack.url, tokens.withoutExp)).rejects.toMatchObject({ status: 401 });
    const open = await WsClient.connect(stack.url, tokens.valid);
    open.socket.close();
  });
});
