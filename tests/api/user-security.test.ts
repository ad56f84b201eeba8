import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { twoStepChallengeEntity, twoStepEntity } from '@orbit/functions/auth/entities';
import { timeStepAt, totpCodeAt } from '@orbit/functions/auth/two-step';
import { db } from '@orbit/functions/core/db';
import { userEntity } from '@orbit/functions/core/users/entities';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, keepCookies, startApiStack, type ApiResponse } from '../support/api-stack';
import { fromSource, newSource } from '../support/from-source';
import { WsClient } from '../support/ws-client';

/**
 * Security over HTTP against the local stack (docs/user-view.md, "Security, two-step sign-in and
 * sessions"): change password, two-step verification and the second step of a sign-in,
 * sessions and their revoking (the device's next request 401, its socket closed), the security
 * log, and who may do what for whom. Each test signs up a user of its own.
 */

let stack: LocalStack;
const password = 'Secret#2026';

beforeAll(async () => {
  stack = await startApiStack();
});
afterAll(async () => {
  await stack.stop();
});

interface Account {
  readonly id: string;
  readonly phone: string;
  /** The browser that signed up. */
  readonly client: ApiClient;
}

let accounts = 0;
const signUp = async (): Promise<Account> => {
  accounts += 1;
  const suffix = `${Date.now() % 1_000_000}${accounts}`.padStart(7, '0').slice(-7);
  const phone = `+1556${suffix}`;
  const client = new ApiClient(stack.url);
  // Each account from a network of its own: this file registers more than one source may an hour.
  const response = await fromSource(stack.url, newSource()).request<{ accessToken: string; userData: { id: string } }>(
    'POST',
    '/api/auth/register',
    {
      body: { fullName: `Security ${suffix}`, phone, email: `security${suffix}@test.example`, password },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
    },
  );
  expect(response.status).toBe(201);
  keepCookies(client, response.headers);
  client.accessToken = response.body.accessToken;
  return { id: response.body.userData.id, phone, client };
};

/** Another browser of the same user, signed in with the password (no two-step). */
const signInAgain = async (account: Account, userAgent = 'Mozilla/5.0 (Macintosh) Safari/605.1.15') => {
  const browser = new ApiClient(stack.url);
  const response = await browser.request<{ accessToken: string }>('POST', '/api/auth/login', {
    body: { phone: account.phone, password },
    headers: { 'user-agent': userAgent },
  });
  expect(response.status).toBe(201);
  browser.accessToken = response.body.accessToken;
  return browser;
};

const sessionIdOf = (token: string | undefined): string =>
  (JSON.parse(Buffer.from((token ?? '').split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

/**
 * Codes are for 30-second steps: a test that uses several waits (by polling the clock, not
 * sleeping a fixed time) until at least 8 seconds of the current step are left, so its codes'
 * steps stay where it computed them.
 */
const freshStep = async (): Promise<number> => {
  for (;;) {
    const now = Date.now();
    if (30_000 - (now % 30_000) >= 8_000) return timeStepAt(now);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};
const codeFor = (secret: string, step: number) => totpCodeAt(secret, step * 30_000 + 1_000);

/** Turns two-step verification on: the secret and the ten recovery codes. */
const enableTwoStep = async (account: Account, step: number) => {
  const started = await account.client.request<{ uri: string; secret: string }>(
    'POST',
    `/api/users/${account.id}/two-step`,
  );
  expect(started.status).toBe(201);
  expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/Orbit:/);
  expect(started.body.uri).toContain(`secret=${started.body.secret}`);
  const confirmed = await account.client.request<{ recoveryCodes: string[] }>(
    'POST',
    `/api/users/${account.id}/two-step/confirm`,
    { body: { code: codeFor(started.body.secret, step - 1) } },
  );
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.recoveryCodes).toHaveLength(10);
  return { secret: started.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
};

const passwordStep = async (account: Account, source = newSource()) =>
  fromSource(stack.url, source).request<{ twoStep: { challenge: string; methods: string[] } }>(
    'POST',
    '/api/auth/login',
    { body: { phone: account.phone, password } },
  );

const secondStep = (body: Record<string, unknown>, source = newSource()) =>
  fromSource(stack.url, source).request<{ accessToken: string; userData: { id: string }; userAbilityRules: unknown[] }>(
    'POST',
    '/api/auth/login/two-step',
    { body },
  );

const logOf = async (account: Account, client = account.client) => {
  const response = await client.request<{ entries: { event: string; userAgent: string; ip: string | null }[] }>(
    'GET',
    `/api/users/${account.id}/security-log?limit=50`,
  );
  expect(response.status).toBe(200);
  return response.body.entries;
};

describe('two-step verification', () => {
  it('turns on with a first code, then sign-in asks for a code after the password', async () => {
    const account = await signUp();
    const step = await freshStep();
    const { secret } = await enableTwoStep(account, step);
    const profile = await db().send(
      new GetCommand({ TableName: stack.tableName, Key: userEntity.key(account.id), ConsistentRead: true }),
    );
    expect(profile.Item?.settings).toEqual(expect.objectContaining({ isTwoStepAuthVerificationEnabled: true }));
    // The secret is sealed at rest: the stored item never holds it in clear.
    const stored = await db().send(
      new GetCommand({ TableName: stack.tableName, Key: twoStepEntity.key(account.id), ConsistentRead: true }),
    );
    expect(JSON.stringify(stored.Item)).not.toContain(secret);
    expect(String(stored.Item?.sealedSecret)).toMatch(/^aes:/);

    const first = await passwordStep(account);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoStep: { challenge: expect.any(String), methods: ['totp', 'recovery'] } });
    expect(first.headers['set-cookie']).toBeUndefined();

    const signedIn = await secondStep({ challenge: first.body.twoStep.challenge, code: codeFor(secret, step) });
    expect(signedIn.status).toBe(201);
    expect(Object.keys(signedIn.body).sort()).toEqual(['accessToken', 'userAbilityRules', 'userData']);
    expect(signedIn.body.userData.id).toBe(account.id);
    const me = await account.client.request('GET', '/api/auth/me', { token: signedIn.body.accessToken });
    expect(me.status).toBe(200);

    // The same code (its step is spent) is refused, even with a fresh challenge.
    const again = await passwordStep(account);
    const reused = await secondStep({ challenge: again.body.twoStep.challenge, code: codeFor(secret, step) });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ errors: { code: [expect.any(String)] } });
    // A later step's code works with that challenge; the challenge then works no more.
    const next = await secondStep({ challenge: again.body.twoStep.challenge, code: codeFor(secret, step + 1) });
    expect(next.status).toBe(201);
    const replay = await secondStep({ challenge: again.body.twoStep.challenge, code: codeFor(secret, step + 1) });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ errors: { challenge: [expect.any(String)] } });
  });

  it('accepts each recovery code once, and new codes void the old ones', async () => {
    const account = await signUp();
    const step = await freshStep();
    const { recoveryCodes } = await enableTwoStep(account, step);
    const [firstCode = '', secondCode = ''] = recoveryCodes;

    const challenge = (await passwordStep(account)).body.twoStep.challenge;
    const used = await secondStep({ challenge, recoveryCode: firstCode.toUpperCase() });
    expect(used.status).toBe(201);
    const challenge2 = (await passwordStep(account)).body.twoStep.challenge;
    const usedAgain = await secondStep({ challenge: challenge2, recoveryCode: firstCode });
    expect(usedAgain.status).toBe(400);
    expect(usedAgain.body).toEqual({ errors: { recoveryCode: [expect.any(String)] } });

    const status = await account.client.request<{ enabled: boolean; recoveryCodesLeft: number }>(
      'GET',
      `/api/users/${account.id}/two-step`,
    );
    expect(status.body).toEqual(expect.objectContaining({ enabled: true, recoveryCodesLeft: 9 }));

    const regenerated = await account.client.request<{ recoveryCodes: string[] }>(
      'POST',
      `/api/users/${account.id}/two-step/recovery-codes`,
      { body: { password } },
    );
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.recoveryCodes).toHaveLength(10);
    const old = await secondStep({ challenge: challenge2, recoveryCode: secondCode });
    expect(old.status).toBe(400);
    const fresh = await secondStep({ challenge: challenge2, recoveryCode: regenerated.body.recoveryCodes[0] });
    expect(fresh.status).toBe(201);

    const events = (await logOf(account)).map((entry) => entry.event);
    expect(events).toEqual([
      'recovery-code-used',
      'sign-in',
      'two-step-failed',
      'recovery-codes-regenerated',
      'two-step-failed',
      'recovery-code-used',
      'sign-in',
      'two-step-enabled',
    ]);
  });

  it('throttles wrong codes like passwords (429 with Retry-After), per user', async () => {
    const account = await signUp();
    const step = await freshStep();
    const { secret } = await enableTwoStep(account, step);
    const challenge = (await passwordStep(account)).body.twoStep.challenge;
    const wrong = codeFor(secret, step) === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    // From different sources: the user's own budget is what runs out.
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await secondStep({ challenge, code: wrong })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const refused = await secondStep({ challenge, code: codeFor(secret, step) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles wrong codes per source too, whatever the user (shared with the source’s sign-in budget)', async () => {
    const source = newSource();
    const step = await freshStep();
    const users = await Promise.all(Array.from({ length: 5 }, () => signUp()));
    const secrets = await Promise.all(users.map(async (account) => (await enableTwoStep(account, step)).secret));
    // Four users' five wrong codes each, from one source: its 20 sign-in attempts are spent.
    for (const [index, account] of users.slice(0, 4).entries()) {
      const challenge = (await passwordStep(account)).body.twoStep.challenge;
      const wrong = codeFor(secrets[index] ?? '', step) === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await secondStep({ challenge, code: wrong }, source)).status).toBe(400);
      }
    }
    const fifth = users[4] as Account;
    const challenge = (await passwordStep(fifth)).body.twoStep.challenge;
    const refused = await secondStep({ challenge, code: codeFor(secrets[4] ?? '', step) }, source);
    expect(refused.status).toBe(429);
    // The fifth user's own budget is untouched: from elsewhere, the right code signs in.
    expect((await secondStep({ challenge, code: codeFor(secrets[4] ?? '', step) })).status).toBe(201);
  });

  it('refuses an expired or unknown challenge, and a body with neither or both codes', async () => {
    const account = await signUp();
    const step = await freshStep();
    const { secret } = await enableTwoStep(account, step);
    expect((await secondStep({ challenge: 'x'.repeat(43), code: codeFor(secret, step) })).status).toBe(400);
    const challenge = (await passwordStep(account)).body.twoStep.challenge;
    expect((await secondStep({ challenge })).body).toEqual({ errors: { code: [expect.any(String)] } });
    expect((await secondStep({ challenge, code: '123456', recoveryCode: 'abcd' })).status).toBe(400);
    // Five minutes later (the challenge's stored expiry moved into the past), it no longer works.
    await db().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: twoStepChallengeEntity.key(challenge),
        UpdateExpression: 'SET expiresAtMs = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1 },
      }),
    );
    const late = await secondStep({ challenge, code: codeFor(secret, step) });
    expect(late.body).toEqual({ errors: { challenge: [expect.any(String)] } });
  });

  it('turns off with the password (not with a wrong one), and sign-in is one step again', async () => {
    const account = await signUp();
    const step = await freshStep();
    await enableTwoStep(account, step);
    const path = `/api/users/${account.id}/two-step`;
    const wrong = await account.client.request('DELETE', path, { body: { password: 'Wrong#2026' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ errors: { password: [expect.any(String)] } });
    expect((await account.client.request('DELETE', path, { body: { password } })).status).toBe(204);
    expect((await account.client.request('GET', path)).body).toEqual(
      expect.objectContaining({ enabled: false, recoveryCodesLeft: 0 }),
    );
    const signedIn = await passwordStep(account);
    expect(signedIn.status).toBe(201);
    expect((await account.client.request('DELETE', path, { body: { password } })).status).toBe(409);
  });

  it('gives the saved language with the second step and from /api/auth/me, never in the one-step sign-in', async () => {
    const account = await signUp();
    await db().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: userEntity.key(account.id),
        UpdateExpression: 'SET #language = :language',
        ExpressionAttributeNames: { '#language': 'language' },
        ExpressionAttributeValues: { ':language': 'ar' },
      }),
    );
    const oneStep = await passwordStep(account);
    expect(oneStep.status).toBe(201);
    expect(oneStep.body).not.toHaveProperty('language');
    expect((await account.client.request('GET', '/api/auth/me')).body).toEqual(
      expect.objectContaining({ language: 'ar' }),
    );
    const step = await freshStep();
    const { secret } = await enableTwoStep(account, step);
    const challenge = (await passwordStep(account)).body.twoStep.challenge;
    const signedIn = await secondStep({ challenge, code: codeFor(secret, step) });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body).toEqual(expect.objectContaining({ language: 'ar', accessToken: expect.any(String) }));
  });

  it('refuses a wrong first code and stores nothing', async () => {
    const account = await signUp();
    const started = await account.client.request<{ secret: string }>('POST', `/api/users/${account.id}/two-step`);
    const step = await freshStep();
    const wrong = codeFor(started.body.secret, step) === '000000' ? '111111' : '000000';
    const confirm = `/api/users/${account.id}/two-step/confirm`;
    expect((await account.client.request('POST', confirm, { body: { code: wrong } })).status).toBe(400);
    expect((await account.client.request('POST', confirm, { body: { code: '12' } })).body).toEqual({
      errors: { code: [expect.any(String)] },
    });
    expect((await account.client.request('GET', `/api/users/${account.id}/two-step`)).body).toEqual(
      expect.objectContaining({ enabled: false }),
    );
    expect((await passwordStep(account)).status).toBe(201);
  });

  it('takes a current code instead of the password to change the sign-in email, once', async () => {
    const account = await signUp();
    const step = await freshStep();
    const { secret } = await enableTwoStep(account, step);
    const start = (body: Record<string, unknown>) =>
      account.client.request<{ errors?: Record<string, string[]> }>('POST', `/api/users/${account.id}/contact-change`, {
        body: { field: 'email', value: `moved-${account.id.toLowerCase()}@test.example`, ...body },
      });
    const wrong = codeFor(secret, step) === '000000' ? '111111' : '000000';
    expect((await start({ code: wrong })).body).toEqual({ errors: { code: [expect.any(String)] } });
    expect((await start({ code: codeFor(secret, step) })).status).toBe(202);
    // The code's step is spent with the change it allowed: the same code again is refused.
    const again = await start({ code: codeFor(secret, step) });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ errors: { code: [expect.any(String)] } });
    expect((await start({ currentPassword: password })).status).toBe(202);
  });
});

describe('sessions', () => {
  it('lists every session with its user agent, IP and this one marked; a revoked device gets 401 and its socket closes', async () => {
    const account = await signUp();
    const laptop = await signInAgain(
      account,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    );
    const listed = await account.client.request<{
      sessions: { id: string; userAgent: string; ip: string | null; current: boolean }[];
    }>('GET', `/api/users/${account.id}/sessions`);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    expect(listed.body.sessions[0]).toEqual(
      expect.objectContaining({ current: true, userAgent: expect.stringContaining('Firefox/133.0') }),
    );
    const other = listed.body.sessions.find((session) => !session.current);
    expect(other).toEqual(
      expect.objectContaining({
        id: sessionIdOf(laptop.accessToken),
        userAgent: expect.stringContaining('Version/17.5'),
      }),
    );
    expect(other?.ip).toMatch(/^127\./);

    const socket = await WsClient.connect(stack.url, laptop.accessToken);
    const revoked = await account.client.request('DELETE', `/api/users/${account.id}/sessions/${other?.id ?? ''}`);
    expect(revoked.status).toBe(204);
    await socket.waitClosed();
    expect((await laptop.request('GET', '/api/auth/me')).status).toBe(401);
    expect((await account.client.request('GET', '/api/auth/me')).status).toBe(200);
    expect(
      (await account.client.request('DELETE', `/api/users/${account.id}/sessions/${other?.id ?? ''}`)).status,
    ).toBe(404);
  });

  it('revokes every other session and keeps this one', async () => {
    const account = await signUp();
    const [phone, tablet] = await Promise.all([signInAgain(account), signInAgain(account)]);
    const socket = await WsClient.connect(stack.url, phone.accessToken);
    const response = await account.client.request('POST', `/api/users/${account.id}/sessions/revoke-others`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ revoked: 2 });
    await socket.waitClosed();
    expect((await phone.request('GET', '/api/auth/me')).status).toBe(401);
    expect((await tablet.request('GET', '/api/auth/me')).status).toBe(401);
    expect((await account.client.request('GET', '/api/auth/me')).status).toBe(200);
  });
});

describe('change password', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const account = await signUp();
    const other = await signInAgain(account);
    const path = `/api/users/${account.id}/password`;
    const wrong = await account.client.request('POST', path, {
      body: { currentPassword: 'Wrong#2026', newPassword: 'Newer#2026' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ errors: { currentPassword: [expect.any(String)] } });
    const short = await account.client.request('POST', path, { body: { currentPassword: password, newPassword: 'x' } });
    expect(short.body).toEqual({ errors: { newPassword: [expect.any(String)] } });
    expect((await other.request('GET', '/api/auth/me')).status).toBe(200);

    expect(
      (await account.client.request('POST', path, { body: { currentPassword: password, newPassword: 'Newer#2026' } }))
        .status,
    ).toBe(204);
    expect((await other.request('GET', '/api/auth/me')).status).toBe(401);
    expect((await account.client.request('GET', '/api/auth/me')).status).toBe(200);
    const old = await fromSource(stack.url, newSource()).request('POST', '/api/auth/login', {
      body: { phone: account.phone, password },
    });
    expect(old.status).toBe(400);
    const fresh = await fromSource(stack.url, newSource()).request('POST', '/api/auth/login', {
      body: { phone: account.phone, password: 'Newer#2026' },
    });
    expect(fresh.status).toBe(201);
    const events = (await logOf(account)).map((entry) => entry.event);
    expect(events.slice(0, 3)).toEqual(['sign-in', 'sign-in-failed', 'password-changed']);
  });
});

describe('the security log', () => {
  it('lists sign-ins with the device, failures and revokes, newest first, by cursor', async () => {
    const account = await signUp();
    const failed = await fromSource(stack.url, newSource()).request('POST', '/api/auth/login', {
      body: { phone: account.phone, password: 'Wrong#2026' },
    });
    expect(failed.status).toBe(400);
    const laptop = await signInAgain(
      account,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36',
    );
    await account.client.request('DELETE', `/api/users/${account.id}/sessions/${sessionIdOf(laptop.accessToken)}`);
    const entries = await logOf(account);
    expect(entries.map((entry) => entry.event)).toEqual(['session-revoked', 'sign-in', 'sign-in-failed']);
    expect(entries[1]).toEqual(expect.objectContaining({ userAgent: expect.stringContaining('Chrome/131') }));
    expect(entries[1]?.ip).toMatch(/^127\./);

    const first = await account.client.request<{ entries: { id: string }[]; nextCursor: string | null }>(
      'GET',
      `/api/users/${account.id}/security-log?limit=2`,
    );
    expect(first.body.entries).toHaveLength(2);
    const rest = await account.client.request<{ entries: { event: string }[]; nextCursor: string | null }>(
      'GET',
      `/api/users/${account.id}/security-log?limit=2&cursor=${first.body.nextCursor ?? ''}`,
    );
    expect(rest.body.entries.map((entry) => entry.event)).toEqual(['sign-in-failed']);
    expect(rest.body.nextCursor).toBeNull();
    expect(
      (await account.client.request('GET', `/api/users/${account.id}/security-log?cursor=not-a-cursor`)).status,
    ).toBe(400);
  });
});

describe('who may do what', () => {
  it('lets an admin read and revoke one session but never change the password or two-step; another client gets 404', async () => {
    const account = await signUp();
    const other = await signUp();
    const admin = new ApiClient(stack.url);
    await admin.signIn(demo.admin.phone, demo.admin.password);
    const laptop = await signInAgain(account);

    expect((await admin.request('GET', `/api/users/${account.id}/sessions`)).status).toBe(200);
    expect((await admin.request('GET', `/api/users/${account.id}/security-log`)).status).toBe(200);
    const forbidden: [string, string, unknown][] = [
      ['POST', `/api/users/${account.id}/password`, { currentPassword: password, newPassword: 'Admin#2099' }],
      ['POST', `/api/users/${account.id}/two-step`, undefined],
      ['DELETE', `/api/users/${account.id}/two-step`, { password }],
      ['POST', `/api/users/${account.id}/sessions/revoke-others`, undefined],
    ];
    for (const [method, path, body] of forbidden) {
      expect((await admin.request(method, path, { body })).status, `${method} ${path}`).toBe(403);
      expect((await other.client.request(method, path, { body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await other.client.request('GET', `/api/users/${account.id}/sessions`)).status).toBe(404);
    expect((await other.client.request('GET', `/api/users/${account.id}/security-log`)).status).toBe(404);

    const sessionId = sessionIdOf(laptop.accessToken);
    expect((await other.client.request('DELETE', `/api/users/${account.id}/sessions/${sessionId}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/users/${account.id}/sessions/${sessionId}`)).status).toBe(204);
    expect((await laptop.request('GET', '/api/auth/me')).status).toBe(401);
    const [revoke] = (await logOf(account)) as unknown as { event: string; byAdmin: boolean }[];
    expect(revoke).toEqual(expect.objectContaining({ event: 'session-revoked', byAdmin: true }));
    // Nobody's password changed: the account still signs in with its own.
    expect((await passwordStep(account)).status).toBe(201);
  });

  it('answers 404 for a user that does not exist', async () => {
    const admin = new ApiClient(stack.url);
    await admin.signIn(demo.admin.phone, demo.admin.password);
    const missing: ApiResponse = await admin.request('GET', '/api/users/01ARZ3NDEKTSV4RRFFQ69G5FAV/sessions');
    expect(missing.status).toBe(404);
  });
});
