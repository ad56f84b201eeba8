import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

  it('revokes the session when an already used refresh token is presented again', async () => {
    const browser = client();
    await browser.signIn(demo.clientA.phone, demo.clientA.password);
    const stolen = browser.cookie('orbit_refresh') ?? '';
    const rotated = await browser.request<{ accessToken: string }>('POST', '/api/auth/refresh', { token: null });
    expect(rotated.status).toBe(200);

    const attacker = client();
    attacker.setCookie('orbit_refresh', stolen);
    expect((await attacker.request('POST', '/api/auth/refresh', { token: null })).status).toBe(401);

    // The legitimate holder's newer token and access token die with the session.
    expect((await browser.request('POST', '/api/auth/refresh', { token: null })).status).toBe(401);
    expect((await browser.request('GET', '/api/auth/me', { token: rotated.body.accessToken })).status).toBe(401);
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

  it('is harmless when already signed out', async () => {
    expect((await client().request('POST', '/api/auth/logout')).status).toBe(204);
  });
});
