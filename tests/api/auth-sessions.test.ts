import { randomBytes } from 'node:crypto';

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { refreshGraceMs } from '@orbit/functions/auth/service';
import { sessionEntity } from '@orbit/functions/core/sign-in-entities';
import { db } from '@orbit/functions/core/db';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';

let stack: LocalStack;
const client = () => new ApiClient(stack.url);

beforeAll(async () => {
  stack = await startApiStack();
});
afterAll(async () => {
  await stack.stop();
});

/** Moves a session's last rotation into the past, as if that many milliseconds had gone by. */
const ageLastRotation = async (cookie: string, byMs: number) => {
  const [userId = '', sessionId = ''] = cookie.split('.');
  await db().send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: sessionEntity.key(userId, sessionId),
      UpdateExpression: 'SET rotatedAtMs = rotatedAtMs - :by',
      ExpressionAttributeValues: { ':by': byMs },
    }),
  );
};

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh cookie and issues a new access token', async () => {
    const browser = client();
    await browser.signIn(demo.admin.phone, demo.admin.password);
    const first = browser.cookie('orbit_refresh');
    const refreshed = await browser.request<{ accessToken: string; userData: { role: string } }>(
      'POST',
      '/api/auth/refresh',
      { token: null },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.userData.role).toBe('admin');
    const second = browser.cookie('orbit_refresh');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await browser.request('GET', '/api/auth/me', { token: refreshed.body.accessToken })).status).toBe(200);
  });

  it('revokes the session when a replaced refresh token is presented after the grace of a few seconds', async () => {
    const browser = client();
    await browser.signIn(demo.clientA.phone, demo.clientA.password);
    const stolen = browser.cookie('orbit_refresh') ?? '';
    const rotated = await browser.request<{ accessToken: string }>('POST', '/api/auth/refresh', { token: null });
    expect(rotated.status).toBe(200);
    await ageLastRotation(stolen, refreshGraceMs + 1000);

    const attacker = client();
    attacker.setCookie('orbit_refresh', stolen);
    expect((await attacker.request('POST', '/api/auth/refresh', { token: null })).status).toBe(401);

    // The legitimate holder's newer token and access token die with the session.
    expect((await browser.request('POST', '/api/auth/refresh', { token: null })).status).toBe(401);
    expect((await browser.request('GET', '/api/auth/me', { token: rotated.body.accessToken })).status).toBe(401);
  });

  it('keeps the session when two tabs refresh with the same cookie at once', async () => {
    const first = client();
    await first.signIn(demo.clientB.phone, demo.clientB.password);
    const shared = first.cookie('orbit_refresh') ?? '';
    const tabs = [client(), client()];
    for (const tab of tabs) tab.setCookie('orbit_refresh', shared);
    const answers = await Promise.all(
      tabs.map((tab) => tab.request<{ accessToken: string }>('POST', '/api/auth/refresh', { token: null })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    // One rotation: the winner sets the new cookie, the other tab leaves the shared jar alone.
    const newCookies = answers.filter((answer) => answer.cookies.some((cookie) => cookie.startsWith('orbit_refresh=')));
    expect(newCookies).toHaveLength(1);
    for (const answer of answers) {
      expect((await client().request('GET', '/api/auth/me', { token: answer.body.accessToken })).status).toBe(200);
    }
    const winner = tabs[answers.indexOf(newCookies[0] ?? answers[0]!)]!;
    expect((await winner.request('POST', '/api/auth/refresh', { token: null })).status).toBe(200);
  });

  it('accepts the just-replaced cookie from a slower tab within the grace, without rotating again', async () => {
    const tabA = client();
    await tabA.signIn(demo.clientB.phone, demo.clientB.password);
    const tabB = client();
    tabB.setCookie('orbit_refresh', tabA.cookie('orbit_refresh') ?? '');
    expect((await tabA.request('POST', '/api/auth/refresh', { token: null })).status).toBe(200);
    const late = await tabB.request<{ accessToken: string }>('POST', '/api/auth/refresh', { token: null });
    expect(late.status).toBe(200);
    expect(late.cookies.some((cookie) => cookie.startsWith('orbit_refresh='))).toBe(false);
    expect((await tabA.request('POST', '/api/auth/refresh', { token: null })).status).toBe(200);
  });

  it("does not let a cookie with someone's session id and a wrong secret end that session", async () => {
    const victim = client();
    await victim.signIn(demo.admin.phone, demo.admin.password);
    const [userId, sessionId] = (victim.cookie('orbit_refresh') ?? '').split('.');
    for (const secret of ['guessed-secret', randomBytes(32).toString('base64url')]) {
      const attacker = client();
      attacker.setCookie('orbit_refresh', `${userId}.${sessionId}.${secret}`);
      expect((await attacker.request('POST', '/api/auth/refresh', { token: null })).status).toBe(401);
      expect((await attacker.request('POST', '/api/auth/logout', { token: null })).status).toBe(204);
    }
    expect((await victim.request('GET', '/api/auth/me')).status).toBe(200);
    expect((await victim.request('POST', '/api/auth/refresh', { token: null })).status).toBe(200);
  });

  it('answers 401 without a cookie or with a malformed one', async () => {
    expect((await client().request('POST', '/api/auth/refresh')).status).toBe(401);
    const browser = client();
    browser.setCookie('orbit_refresh', 'garbage');
    expect((await browser.request('POST', '/api/auth/refresh')).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: the access token and the refresh cookie stop working', async () => {
    const browser = client();
    const { body } = await browser.signIn(demo.admin.phone, demo.admin.password);
    const refreshCookie = browser.cookie('orbit_refresh') ?? '';
    const out = await browser.request('POST', '/api/auth/logout');
    expect(out.status).toBe(204);
    expect(out.cookies.some((cookie) => /^orbit_refresh=;/.test(cookie) && /Max-Age=0/.test(cookie))).toBe(true);
    expect((await browser.request('GET', '/api/auth/me', { token: body.accessToken })).status).toBe(401);
    const replay = client();
    replay.setCookie('orbit_refresh', refreshCookie);
    expect((await replay.request('POST', '/api/auth/refresh')).status).toBe(401);
  });

  it('leaves other sessions of the same user signed in', async () => {
    const laptop = client();
    const phone = client();
    await laptop.signIn(demo.clientB.phone, demo.clientB.password);
    await phone.signIn(demo.clientB.phone, demo.clientB.password);
    expect((await laptop.request('POST', '/api/auth/logout')).status).toBe(204);
    expect((await phone.request('GET', '/api/auth/me')).status).toBe(200);
  });

  it('ends both sessions when the cookie names one and the access token another', async () => {
    const laptop = client();
    const tablet = client();
    await laptop.signIn(demo.clientA.phone, demo.clientA.password);
    await tablet.signIn(demo.clientA.phone, demo.clientA.password);
    const mixed = client();
    mixed.setCookie('orbit_refresh', laptop.cookie('orbit_refresh') ?? '');
    expect((await mixed.request('POST', '/api/auth/logout', { token: tablet.accessToken })).status).toBe(204);
    expect((await laptop.request('GET', '/api/auth/me')).status).toBe(401);
    expect((await tablet.request('GET', '/api/auth/me')).status).toBe(401);
  });

  it('is harmless when already signed out', async () => {
    expect((await client().request('POST', '/api/auth/logout')).status).toBe(204);
  });
});
