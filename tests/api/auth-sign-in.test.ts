import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { totpCodeAt } from '@orbit/functions/auth/two-step';
import { db } from '@orbit/functions/core/db';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { fromSource, newSource } from '../support/from-source';
import { codeSentBy } from '../support/sent-messages';
import { WsClient } from '../support/ws-client';

/**
 * The auth area over HTTP: routing, status codes, the errors shape, cookies and headers, and
 * what the handlers read from the request (its body, its source, its user agent). The rules
 * behind these answers (throttles, budgets, codes, sessions, two-step, who may do what) are
 * tested at the service, in process: tests/service/auth-*.test.ts and user-security.test.ts.
 */

let stack: LocalStack;
const client = () => new ApiClient(stack.url);
const invalid = { errors: { phone: ['Invalid email or password'] } };
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safari = 'Mozilla/5.0 (Macintosh) Safari/605.1.15';
const at = (source: string) => fromSource(stack.url, source);

let registered = 0;
/** A new client, registered over HTTP from a source of its own (a source may register ten an hour). */
const registerOverHttp = async () => {
  registered += 1;
  const phone = `+155501421${String(registered).padStart(2, '0')}`;
  const password = 'Wiring#2026';
  const response = await at(newSource()).request<{ accessToken: string; userData: { id: string } }>(
    'POST',
    '/api/auth/register',
    {
      body: { fullName: `Wiring ${registered}`, phone, email: `wiring${registered}@test.example`, password },
      headers: { 'user-agent': firefox },
    },
  );
  expect(response.status).toBe(201);
  const browser = client();
  browser.accessToken = response.body.accessToken;
  return { id: response.body.userData.id, phone, password, browser };
};

beforeAll(async () => {
  stack = await startApiStack();
});
afterAll(async () => {
  await stack.stop();
});

describe('GET /api/health', () => {
  it('answers 200 {"status":"ok"}', async () => {
    const response = await client().request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers 404 for a path that is not in the route table', async () => {
    const response = await client().request('GET', '/api/nope');
    expect(response.status).toBe(404);
  });
});

describe('POST /api/auth/login (docs/product.md#calls)', () => {
  it('returns 201 with exactly userAbilityRules, accessToken and userData for the admin', async () => {
    const response = await client().request<Record<string, unknown>>('POST', '/api/auth/login', { body: demo.admin });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['accessToken', 'userAbilityRules', 'userData']);
    expect(response.body.userAbilityRules).toEqual([{ action: 'manage', subject: 'all' }]);
    const userData = response.body.userData as Record<string, unknown>;
    expect(userData).toMatchObject({ fullName: 'Olivia Bennett', phone: demo.admin.phone, role: 'admin' });
    expect(Object.keys(userData).sort()).toEqual(['avatar', 'email', 'fullName', 'id', 'phone', 'role', 'username']);
    expect(JSON.stringify(response.body)).not.toMatch(/password|scrypt/i);
    expect(userData).not.toHaveProperty('abilityRules');
  });

  it("gives a client read AclDemo and conditions on the client's own data", async () => {
    const response = await client().request<{ userAbilityRules: unknown[]; userData: { id: string; role: string } }>(
      'POST',
      '/api/auth/login',
      { body: demo.clientA },
    );
    expect(response.status).toBe(201);
    expect(response.body.userData.role).toBe('client');
    expect(response.body.userAbilityRules).toContainEqual({ action: 'read', subject: 'AclDemo' });
    expect(response.body.userAbilityRules).toContainEqual({
      action: 'read',
      subject: 'Project',
      conditions: { clientId: response.body.userData.id },
    });
  });

  it('issues a short-lived JWT naming user, role and session', async () => {
    const response = await client().signIn(demo.admin.phone, demo.admin.password);
    const [, payload = ''] = response.body.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: response.body.userData.id, role: 'admin' });
    expect(typeof claims.sid).toBe('string');
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(15 * 60);
  });

  it('sets the refresh token as an httpOnly, Secure, SameSite=Strict cookie scoped to /api/auth', async () => {
    const response = await client().request('POST', '/api/auth/login', { body: demo.admin });
    const cookie = response.cookies.find((value) => value.startsWith('orbit_refresh='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it.each([
    ['a wrong password', { phone: demo.admin.phone, password: 'admin#2026' }],
    ['an unknown phone', { phone: '+15559999999', password: demo.admin.password }],
    [
      'a phone with surrounding spaces (no trimming)',
      { phone: ` ${demo.admin.phone} `, password: demo.admin.password },
    ],
    [
      'a password with a trailing space (no trimming)',
      { phone: demo.admin.phone, password: `${demo.admin.password} ` },
    ],
    ['a missing password', { phone: demo.admin.phone }],
    ['a numeric phone', { phone: 15550100001, password: demo.admin.password }],
    ['an empty body', {}],
  ])('answers 400 with the sign-in error of docs/product.md#errors for %s', async (_case, body) => {
    const response = await client().request('POST', '/api/auth/login', { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid);
  });

  it('answers 400 with the sign-in error of docs/product.md#errors for a body that is not JSON', async () => {
    const response = await client().request('POST', '/api/auth/login', { rawBody: '{"phone":' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid);
  });

  it('answers 429 with Retry-After and the errors shape once the attempts are spent', async () => {
    // The throttle's rules (an unknown phone locked the same way, concurrency, spraying):
    // tests/service/auth-throttle.test.ts. Here, how a refusal is answered.
    const attacker = newSource();
    const phone = '+15550100005'; // Emma, a seeded client
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await at(attacker).request('POST', '/api/auth/login', { body: { phone, password: 'wrong' } })).status,
      ).toBe(400);
    }
    const locked = await at(attacker).request('POST', '/api/auth/login', { body: { phone, password: 'Client#2026' } });
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The wait is in the body too, for a client that cannot read the header.
    expect(locked.body).toEqual({ errors: { phone: ['Too many sign-in attempts. Try again later.'] }, retryAfter });
  });

  it('puts an exception raised while building the response into errors.phone', async () => {
    // A stored profile that cannot become userData (no fullName): building the response throws.
    const { hashPassword } = await import('@orbit/functions/core/auth/passwords');
    const id = 'BROKENPROFILE0000000000001';
    const phone = '+15550177777';
    await db().send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          pk: `USER#${id}`,
          sk: 'PROFILE',
          id,
          phone,
          role: 'client',
          email: 'b@x.example',
          username: 'b',
          passwordHash: await hashPassword('Broken#2026'),
        },
      }),
    );
    await db().send(
      new PutCommand({ TableName: stack.tableName, Item: { pk: `PHONE#${phone}`, sk: 'UNIQUE', userId: id } }),
    );
    const response = await client().request('POST', '/api/auth/login', { body: { phone, password: 'Broken#2026' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: { phone: ['The user profile is incomplete (fullName)'] } });
  });
});

describe('signed-in routes', () => {
  it('answer 401 without a token, with a forged token and with an expired token', async () => {
    const signedIn = client();
    const { body } = await signedIn.signIn(demo.admin.phone, demo.admin.password);
    expect((await signedIn.request('GET', '/api/auth/me')).status).toBe(200);

    expect((await client().request('GET', '/api/auth/me')).status).toBe(401);

    const forged = await new SignJWT({ role: 'admin', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(body.userData.id)
      .setIssuer('orbit')
      .setAudience('orbit-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-1234'));
    expect((await client().request('GET', '/api/auth/me', { token: forged })).status).toBe(401);

    const [, payload = ''] = body.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string };
    const expired = await new SignJWT({ role: 'admin', sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(body.userData.id)
      .setIssuer('orbit')
      .setAudience('orbit-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(new TextEncoder().encode(process.env.JWT_SECRET));
    expect((await client().request('GET', '/api/auth/me', { token: expired })).status).toBe(401);
  });

  it('GET /api/auth/me returns the user and rules without secrets', async () => {
    const signedIn = client();
    await signedIn.signIn(demo.clientA.phone, demo.clientA.password);
    const me = await signedIn.request<{ userData: { phone: string }; userAbilityRules: unknown[] }>(
      'GET',
      '/api/auth/me',
    );
    expect(me.status).toBe(200);
    expect(me.body.userData.phone).toBe(demo.clientA.phone);
    expect(JSON.stringify(me.body)).not.toMatch(/passwordHash|scrypt/);
  });
});

describe('POST /api/auth/register', () => {
  it('answers 201 with the sign-in shape and the refresh cookie, 409 and 400 in the errors shape', async () => {
    const newcomer = {
      fullName: 'Grace Hopper',
      phone: '+15550142001',
      email: 'grace@navy.example',
      password: 'Cobol#1959',
    };
    const created = await at(newSource()).request('POST', '/api/auth/register', { body: newcomer });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['accessToken', 'userAbilityRules', 'userData']);
    expect(String(created.headers['set-cookie'])).toMatch(/^orbit_refresh=/);

    const taken = await at(newSource()).request('POST', '/api/auth/register', {
      body: { ...newcomer, email: 'someone.else@example.com' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ errors: { phone: ['This phone number is already registered'] } });

    const invalidBody = await at(newSource()).request<{ errors: Record<string, string[]> }>(
      'POST',
      '/api/auth/register',
      { body: { fullName: 'G', phone: '5550142003', email: 'not-an-email', password: 'short' } },
    );
    expect(invalidBody.status).toBe(400);
    expect(Object.keys(invalidBody.body.errors).sort()).toEqual(['email', 'fullName', 'password', 'phone']);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await client().request('POST', '/api/auth/register', { rawBody: 'fullName=Grace' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: { body: ['The request body is not valid JSON'] } });
  });
});

describe('password recovery over HTTP', () => {
  it('answers 202 alike for a known and an unknown phone, 400 for a wrong code, 204 for the right one, 429 with Retry-After past three codes an hour', async () => {
    const forgot = (phone: string) =>
      at(newSource()).request<{ errors?: Record<string, string[]> }>('POST', '/api/auth/forgot-password', {
        body: { phone },
      });
    const unknownPhone = '+15550177001';
    const unknown = await forgot(unknownPhone);
    expect(unknown.status).toBe(202);

    const phone = '+15550100007'; // Amira, a seeded client
    let known: Awaited<ReturnType<typeof forgot>> | undefined;
    const code = await codeSentBy(stack.tableName, phone, async () => {
      known = await forgot(phone);
    });
    expect(known?.status).toBe(202);
    expect(known?.body).toEqual(unknown.body);

    const reset = (body: Record<string, unknown>) =>
      at(newSource()).request('POST', '/api/auth/reset-password', {
        body: { phone, password: 'Renewed#2026', ...body },
      });
    const wrong = await reset({ code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ errors: { code: ['The code is invalid or has expired'] } });
    expect((await reset({ code })).status).toBe(204);

    // Codes are counted per phone, with an account or not: the fourth in an hour is refused.
    expect([(await forgot(unknownPhone)).status, (await forgot(unknownPhone)).status]).toEqual([202, 202]);
    const refused = await forgot(unknownPhone);
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toEqual({ phone: ['Too many codes requested. Try again later.'] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
  });
});

describe('POST /api/auth/refresh and /api/auth/logout', () => {
  it('refresh answers 200 with a rotated cookie; logout 204 clears it; the old, no or a malformed cookie is 401', async () => {
    const browser = client();
    await browser.signIn(demo.admin.phone, demo.admin.password);
    const first = browser.cookie('orbit_refresh') ?? '';
    const refreshed = await browser.request<{ accessToken: string }>('POST', '/api/auth/refresh', { token: null });
    expect(refreshed.status).toBe(200);
    const second = browser.cookie('orbit_refresh');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await browser.request('GET', '/api/auth/me', { token: refreshed.body.accessToken })).status).toBe(200);

    const out = await browser.request('POST', '/api/auth/logout', { token: refreshed.body.accessToken });
    expect(out.status).toBe(204);
    expect(out.cookies.some((cookie) => /^orbit_refresh=;/.test(cookie) && /Max-Age=0/.test(cookie))).toBe(true);
    for (const cookie of [first, second ?? '', 'garbage']) {
      const replay = client();
      replay.setCookie('orbit_refresh', cookie);
      expect((await replay.request('POST', '/api/auth/refresh')).status).toBe(401);
    }
    expect((await client().request('POST', '/api/auth/refresh')).status).toBe(401);
    expect((await client().request('POST', '/api/auth/logout')).status).toBe(204);
  });
});

describe('two-step sign-in over HTTP', () => {
  it('turns on (201, 200); the password then answers 200 with a challenge and no cookie, the second step 201 with the cookie or 400', async () => {
    const account = await registerOverHttp();
    const started = await account.browser.request<{ uri: string; secret: string }>(
      'POST',
      `/api/users/${account.id}/two-step`,
    );
    expect(started.status).toBe(201);
    const { secret } = started.body;
    // The current step's code turns it on; the next step's signs in (each accepted with a step of
    // drift, so neither depends on where in its 30 seconds the request lands).
    const confirmed = await account.browser.request<{ recoveryCodes: string[] }>(
      'POST',
      `/api/users/${account.id}/two-step/confirm`,
      { body: { code: totpCodeAt(secret, Date.now()) } },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);

    const first = await at(newSource()).request<{ twoStep: { challenge: string } }>('POST', '/api/auth/login', {
      body: { phone: account.phone, password: account.password },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoStep: { challenge: expect.any(String), methods: ['totp', 'recovery'] } });
    expect(first.headers['set-cookie']).toBeUndefined();

    const { challenge } = first.body.twoStep;
    const code = totpCodeAt(secret, Date.now() + 30_000);
    const second = (body: Record<string, unknown>) =>
      at(newSource()).request('POST', '/api/auth/login/two-step', { body: { challenge, ...body } });
    const wrong = await second({ code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ errors: { code: [expect.any(String)] } });
    const signedIn = await second({ code });
    expect(signedIn.status).toBe(201);
    expect(Object.keys(signedIn.body).sort()).toEqual(['accessToken', 'userAbilityRules', 'userData']);
    expect(String(signedIn.headers['set-cookie'])).toMatch(/^orbit_refresh=/);
  });
});

describe('the security routes over HTTP', () => {
  it('list sessions with the request’s user agent and address, revoke one (204, its next request 401, its socket closed) and the others (200), page the log, change the password; 400 and 404', async () => {
    const account = await registerOverHttp();
    const laptop = client();
    const signedIn = await laptop.request<{ accessToken: string }>('POST', '/api/auth/login', {
      body: { phone: account.phone, password: account.password },
      headers: { 'user-agent': safari },
    });
    expect(signedIn.status).toBe(201);
    laptop.accessToken = signedIn.body.accessToken;

    const listed = await account.browser.request<{
      sessions: { id: string; userAgent: string; ip: string | null; current: boolean }[];
    }>('GET', `/api/users/${account.id}/sessions`);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions[0]).toEqual(expect.objectContaining({ current: true, userAgent: firefox }));
    const other = listed.body.sessions.find((session) => !session.current);
    expect(other).toEqual(expect.objectContaining({ userAgent: safari, ip: expect.stringMatching(/^127\./) }));

    const socket = await WsClient.connect(stack.url, laptop.accessToken);
    const revoked = await account.browser.request('DELETE', `/api/users/${account.id}/sessions/${other?.id ?? ''}`);
    expect(revoked.status).toBe(204);
    await socket.waitClosed(15_000);
    expect((await laptop.request('GET', '/api/auth/me')).status).toBe(401);

    const tablet = client();
    await tablet.signIn(account.phone, account.password);
    const others = await account.browser.request('POST', `/api/users/${account.id}/sessions/revoke-others`);
    expect(others.status).toBe(200);
    expect(others.body).toEqual({ revoked: 1 });

    const page = await account.browser.request<{ entries: unknown[]; nextCursor: string | null }>(
      'GET',
      `/api/users/${account.id}/security-log?limit=2`,
    );
    expect(page.status).toBe(200);
    expect(page.body.entries).toHaveLength(2);
    expect(typeof page.body.nextCursor).toBe('string');
    const badCursor = await account.browser.request('GET', `/api/users/${account.id}/security-log?cursor=not-a-cursor`);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body).toEqual({ errors: { cursor: [expect.any(String)] } });

    const changed = await account.browser.request('POST', `/api/users/${account.id}/password`, {
      body: { currentPassword: account.password, newPassword: 'Changed#2026' },
    });
    expect(changed.status).toBe(204);
    expect((await account.browser.request('GET', '/api/users/01ARZ3NDEKTSV4RRFFQ69G5FAV/sessions')).status).toBe(404);
  });
});
