import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { requestPasswordReset, resetPassword } from '@orbit/functions/auth/service';
import { resetCodeEntity } from '@orbit/functions/auth/entities';
import { db } from '@orbit/functions/core/db';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { fromSource, newSource, type SourceResponse } from '../support/from-source';
import { codeSentBy, resetJobsTo, smsTo } from '../support/sent-messages';

let stack: LocalStack;
const client = () => new ApiClient(stack.url);

beforeAll(async () => {
  stack = await startApiStack();
});
afterAll(async () => {
  await stack.stop();
});

const newcomer = {
  fullName: 'Grace Hopper',
  phone: '+15550142001',
  email: 'grace@navy.example',
  password: 'Cobol#1959',
};

describe('POST /api/auth/register', () => {
  it('creates a client, signs it in with the sign-in shape, and the credentials work', async () => {
    const response = await client().request<{
      userData: { role: string; fullName: string };
      accessToken: string;
      userAbilityRules: unknown[];
    }>('POST', '/api/auth/register', { body: newcomer });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['accessToken', 'userAbilityRules', 'userData']);
    expect(response.body.userData).toMatchObject({ role: 'client', fullName: 'Grace Hopper' });
    expect(response.cookies.some((cookie) => cookie.startsWith('orbit_refresh='))).toBe(true);
    expect((await client().signIn(newcomer.phone, newcomer.password)).status).toBe(201);
  });

  it('answers 409 under phone for a taken phone, and under email for a taken email in any case', async () => {
    const phoneTaken = await client().request('POST', '/api/auth/register', {
      body: { ...newcomer, email: 'someone.else@example.com' },
    });
    expect(phoneTaken.status).toBe(409);
    expect(phoneTaken.body).toEqual({ errors: { phone: ['This phone number is already registered'] } });

    const emailTaken = await client().request('POST', '/api/auth/register', {
      body: { ...newcomer, phone: '+15550142002', email: 'GRACE@navy.example' },
    });
    expect(emailTaken.status).toBe(409);
    expect(emailTaken.body).toEqual({ errors: { email: ['This email is already registered'] } });
    // Nothing was created: the free phone of the refused attempt is still free.
    expect((await client().signIn('+15550142002', newcomer.password)).status).toBe(400);
  });

  it('answers 400 with an error per invalid field and creates nothing', async () => {
    const response = await client().request<{ errors: Record<string, string[]> }>('POST', '/api/auth/register', {
      body: { fullName: 'G', phone: '5550142003', email: 'not-an-email', password: 'short' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['email', 'fullName', 'password', 'phone']);
    expect(response.body.errors.password).toEqual(['Password must be at least 8 characters']);
    expect((await client().signIn('5550142003', 'short')).status).toBe(400);
  });

  it('never echoes a password of the wrong type back in the error', async () => {
    const response = await client().request<{ errors: Record<string, string[]> }>('POST', '/api/auth/register', {
      body: { fullName: 'Grace Hopper', phone: '+15550142004', email: 'grace@example.com', password: 987654321 },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ password: ['Password must be at least 8 characters'] });
    expect(JSON.stringify(response.body)).not.toContain('987654321');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await client().request('POST', '/api/auth/register', { rawBody: 'fullName=Grace' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: { body: ['The request body is not valid JSON'] } });
  });

  it('attributes a sign-up to the owner of a referral code, and refuses an unknown code', async () => {
    const unknown = await client().request('POST', '/api/auth/register', {
      body: { ...newcomer, phone: '+15550142004', email: 'ada@example.com', referralCode: 'NOSUCH99' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ errors: { referralCode: ['Referral code is not valid'] } });

    const referred = await client().request<{ userData: { id: string } }>('POST', '/api/auth/register', {
      body: { ...newcomer, phone: '+15550142004', email: 'ada@example.com', referralCode: 'olivia01' },
    });
    expect(referred.status).toBe(201);
    const admin = await client().signIn(demo.admin.phone, demo.admin.password);
    const { Item } = await db().send(
      new GetCommand({ TableName: stack.tableName, Key: { pk: `USER#${referred.body.userData.id}`, sk: 'PROFILE' } }),
    );
    expect(Item?.referredBy).toBe(admin.body.userData.id);
  });
});

describe('registrations from one source (the default limit: 10 an hour, 30 a day)', () => {
  type Refusal = { errors: { general: string[] }; retryAfter: number };
  const hourOf = (time: number) => Math.floor(time / 3_600_000);
  let sequence = 0;
  const someone = () => {
    sequence += 1;
    const n = String(sequence).padStart(4, '0');
    return {
      fullName: `Burst ${n}`,
      phone: `+1555016${n}`,
      email: `burst${n}@sources.example`,
      password: 'Burst#2026',
    };
  };
  const registerFrom = (source: string, body: ReturnType<typeof someone>) =>
    fromSource(stack.url, source).request<Refusal>('POST', '/api/auth/register', { body });

  /** Runs `burst` on a fresh source until one runs within a single hour (a new hour starts a new count). */
  const withinOneHour = async (burst: (source: string) => Promise<void>) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const started = Date.now();
      await burst(newSource());
      if (hourOf(started) === hourOf(Date.now())) return;
    }
    throw new Error('every burst straddled an hour');
  };

  const expectRefused = (response: SourceResponse<Refusal>) => {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(response.body).toEqual({
      errors: { general: [expect.stringMatching(/^At most 10 new accounts from one network an hour: try again in /)] },
      retryAfter,
    });
  };

  it('creates ten accounts, then answers 429 with Retry-After and creates nothing; another source is not affected', async () => {
    await withinOneHour(async (source) => {
      // A sign-up refused for another reason (a phone already taken) is not counted.
      expect((await registerFrom(source, { ...someone(), phone: newcomer.phone })).status).toBe(409);
      for (let index = 0; index < 10; index += 1) expect((await registerFrom(source, someone())).status).toBe(201);
      const refusedPerson = someone();
      expectRefused(await registerFrom(source, refusedPerson));
      expect((await client().signIn(refusedPerson.phone, refusedPerson.password)).status).toBe(400);
      // Counted per source: the same person from another address gets their account.
      expect((await registerFrom(newSource(), refusedPerson)).status).toBe(201);
    });
  });

  it('lets no more than ten of a concurrent burst through', async () => {
    await withinOneHour(async (source) => {
      const answers = await Promise.all(Array.from({ length: 12 }, () => registerFrom(source, someone())));
      const created = answers.filter((answer) => answer.status === 201).length;
      expect(created).toBeLessThanOrEqual(10);
      for (const answer of answers) if (answer.status !== 201) expect(answer.status).toBe(429);
      // A request that lost to the others on the count is refused for a second, not counted:
      // the ten places are all there to take, and no more.
      for (let more = created; more < 10; more += 1) expect((await registerFrom(source, someone())).status).toBe(201);
      expectRefused(await registerFrom(source, someone()));
    });
  });
});

/** Asks for a code over HTTP and returns the one the worker sends. */
const codeFor = (phone: string): Promise<string> =>
  codeSentBy(stack.tableName, phone, () => client().request('POST', '/api/auth/forgot-password', { body: { phone } }));

describe('password recovery', () => {
  it('answers 202 for a known and an unknown phone alike, sending a code only to the known one', async () => {
    const unknown = await client().request('POST', '/api/auth/forgot-password', { body: { phone: '+15550199999' } });
    expect(unknown.status).toBe(202);
    // The request is over and wrote no job for it: nothing will be sent.
    expect(await resetJobsTo(stack.tableName, '+15550199999')).toHaveLength(0);
    expect(smsTo('+15550199999')).toHaveLength(0);

    let known: { status: number; body: unknown } | undefined;
    const code = await codeSentBy(stack.tableName, demo.clientB.phone, async () => {
      known = await client().request('POST', '/api/auth/forgot-password', { body: { phone: demo.clientB.phone } });
    });
    expect(known?.status).toBe(202);
    expect(known?.body).toEqual(unknown.body);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('stores the code hashed, never in clear', async () => {
    const code = await codeFor(demo.clientB.phone);
    const { Item } = await db().send(
      new GetCommand({ TableName: stack.tableName, Key: resetCodeEntity.key(demo.clientB.phone) }),
    );
    expect(Item).toBeDefined();
    expect(JSON.stringify(Item)).not.toContain(code);
  });

  it('resets the password with the code (204), revoking every session; the old password stops working', async () => {
    const phone = '+15550100007'; // Amira, a seeded client
    const laptop = client();
    await laptop.signIn(phone, 'Client#2026');
    const refreshCookie = laptop.cookie('orbit_refresh') ?? '';

    const code = await codeFor(phone);
    const reset = await client().request('POST', '/api/auth/reset-password', {
      body: { phone, code, password: 'Renewed#2026' },
    });
    expect(reset.status).toBe(204);

    expect((await laptop.request('GET', '/api/auth/me')).status).toBe(401);
    const replay = client();
    replay.setCookie('orbit_refresh', refreshCookie);
    expect((await replay.request('POST', '/api/auth/refresh')).status).toBe(401);
    expect((await client().signIn(phone, 'Client#2026')).status).toBe(400);
    expect((await client().signIn(phone, 'Renewed#2026')).status).toBe(201);

    // A code works once.
    const again = await client().request('POST', '/api/auth/reset-password', {
      body: { phone, code, password: 'Another#2026' },
    });
    expect(again.status).toBe(400);
  });

  it('allows five tries: after five wrong codes even the right one is refused', async () => {
    const phone = '+15550100008'; // Mia, a seeded admin
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await client().request('POST', '/api/auth/reset-password', {
        body: { phone, code: wrong, password: 'Whatever#2026' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: { code: ['The code is invalid or has expired'] } });
    }
    const right = await client().request('POST', '/api/auth/reset-password', {
      body: { phone, code, password: 'Whatever#2026' },
    });
    expect(right.status).toBe(400);
    expect((await client().signIn(phone, 'Admin#2026')).status).toBe(201);
  });

  it('expires a code after 15 minutes', async () => {
    const phone = '+15550100004';
    const source = 'expiry-test';
    const issuedAt = Date.now();
    const first = await codeSentBy(stack.tableName, phone, () => requestPasswordReset({ phone }, source, issuedAt));
    const expired = resetPassword({ phone, code: first, password: 'Renewed#2026' }, issuedAt + 15 * 60 * 1000 + 1);
    await expect(expired).rejects.toMatchObject({ fields: { code: ['The code is invalid or has expired'] } });
    const second = await codeSentBy(stack.tableName, phone, () => requestPasswordReset({ phone }, source, issuedAt));
    await resetPassword({ phone, code: second, password: 'Renewed#2026' }, issuedAt + 14 * 60 * 1000);
    expect((await client().signIn(phone, 'Renewed#2026')).status).toBe(201);
  });

  it('validates the reset request per field', async () => {
    const response = await client().request<{ errors: Record<string, string[]> }>('POST', '/api/auth/reset-password', {
      body: { phone: demo.clientA.phone, code: '12ab', password: 'x' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['code', 'password']);
    const missing = await client().request('POST', '/api/auth/forgot-password', { body: {} });
    expect(missing.status).toBe(400);
  });
});
