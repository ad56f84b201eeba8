import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';

import { forgotPasswordRequest, registerRequest, resetPasswordRequest } from '@orbit/functions/auth/contract';
import { resetCodeEntity } from '@orbit/functions/auth/entities';
import { refresh, register, requestPasswordReset, resetPassword, signIn } from '@orbit/functions/auth/service';
import { db } from '@orbit/functions/core/db';
import { parseWith } from '@orbit/functions/core/http';
import { ConflictError, TooManyRequestsError, UnauthorizedError, ValidationError } from '@orbit/functions/core/errors';
import { tableName } from '@orbit/functions/core/table';
import { localSmsOutbox } from '@orbit/functions/core/transports/sms';

import { demo } from '../support/api-stack';
import { smsTo } from '../support/sent-messages';

import {
  callerOf,
  codeSentBy,
  newSource,
  originAt,
  refreshValueOf,
  resetJobsTo,
  signInWith,
  smsSince,
  wrongCodeFor,
} from './support/auth-fixtures';
import { hours, minutes, useTestClock } from './support/clock';
import { drainJobs } from './support/drain-jobs';
import { useLocalMail } from './support/local-mail';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * Registration and password recovery, the rules at the service (docs/product.md#calls): who
 * may register, how often from one network, and how a reset code works. A body's per-field
 * validation is the contract's schema, run as the handler runs it (parseWith). What only HTTP
 * shows (the 201/202/204/409/400/429 answers, the cookie, a body that is not JSON) is in
 * tests/api/auth-sign-in.test.ts.
 */

const clock = useTestClock();
// The seeded people have emails: their codes go by email too.
await useLocalMail();
const origin = originAt();

/** What a call threw (or undefined when it succeeded). */
const failureOf = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );
/** Whether the phone and password open a session (a wrong one is the sign-in's 400). */
const signsIn = async (phone: string, password: string): Promise<boolean> => {
  const error = await failureOf(signIn({ phone, password }, origin, newSource()));
  if (error === undefined) return true;
  if (error instanceof ValidationError) return false;
  throw error;
};

beforeAll(async () => {
  await copySeededWorkspace();
});

const newcomer = {
  fullName: 'Grace Hopper',
  phone: '+15550142001',
  email: 'grace@navy.example',
  password: 'Cobol#1959',
};

describe('registering', () => {
  it('creates a client, signs it in with the sign-in shape, and the credentials work', async () => {
    const { body, cookie } = await register(newcomer, origin, newSource());
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'userAbilityRules', 'userData']);
    expect(body.userData).toMatchObject({ role: 'client', fullName: 'Grace Hopper' });
    expect(cookie).toMatch(/^orbit_refresh=/);
    expect(await signsIn(newcomer.phone, newcomer.password)).toBe(true);
  });

  it('refuses a taken phone under phone, and a taken email in any case under email', async () => {
    const taken = { ...newcomer, phone: demo.clientA.phone, email: 'someone.else@example.com' };
    const phoneTaken = await failureOf(register(taken, origin, newSource()));
    expect(phoneTaken).toBeInstanceOf(ConflictError);
    expect((phoneTaken as ConflictError).fields).toEqual({ phone: ['This phone number is already registered'] });

    await register({ ...newcomer, phone: '+15550142010', email: 'ada@navy.example' }, origin, newSource());
    const emailTaken = await failureOf(
      register({ ...newcomer, phone: '+15550142002', email: 'ADA@navy.example' }, origin, newSource()),
    );
    expect(emailTaken).toBeInstanceOf(ConflictError);
    expect((emailTaken as ConflictError).fields).toEqual({ email: ['This email is already registered'] });
    // Nothing was created: the free phone of the refused attempt is still free.
    expect(await signsIn('+15550142002', newcomer.password)).toBe(false);
  });

  it('refuses a body with an error per invalid field and creates nothing', async () => {
    // The contract's schema, as the handler parses the body before the service runs.
    const body = { fullName: 'G', phone: '5550142003', email: 'not-an-email', password: 'short' };
    const refused = await failureOf((async () => register(parseWith(registerRequest, body), origin, newSource()))());
    expect(refused).toBeInstanceOf(ValidationError);
    const { fields } = refused as ValidationError;
    expect(Object.keys(fields).sort()).toEqual(['email', 'fullName', 'password', 'phone']);
    expect(fields.password).toEqual(['Password must be at least 8 characters']);
    expect(await signsIn('5550142003', 'short')).toBe(false);
  });

  it('never echoes a password of the wrong type back in the error', async () => {
    const body = { fullName: 'Grace Hopper', phone: '+15550142005', email: 'grace@example.com', password: 987654321 };
    const refused = await failureOf((async () => parseWith(registerRequest, body))());
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fields).toEqual({ password: ['Password must be at least 8 characters'] });
    expect(JSON.stringify((refused as ValidationError).body())).not.toContain('987654321');
  });

  it('attributes a sign-up to the owner of a referral code, and refuses an unknown code', async () => {
    const referred = { ...newcomer, phone: '+15550142004', email: 'ada@example.com' };
    const unknown = await failureOf(register({ ...referred, referralCode: 'NOSUCH99' }, origin, newSource()));
    expect(unknown).toBeInstanceOf(ValidationError);
    expect((unknown as ValidationError).fields).toEqual({ referralCode: ['Referral code is not valid'] });

    const { body } = await register({ ...referred, referralCode: 'olivia01' }, origin, newSource());
    const admin = await signInWith(demo.admin.phone, demo.admin.password);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: { pk: `USER#${body.userData.id}`, sk: 'PROFILE' } }),
    );
    expect(Item?.referredBy).toBe(admin.body.userData.id);
  });
});

describe('registrations from one source (the default limit: 10 an hour, 30 a day)', () => {
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
  const registerFrom = (source: string, person: ReturnType<typeof someone>) =>
    failureOf(register(person, origin, source));
  /** The counting windows are whole UTC hours: each test starts at the top of the next one. */
  const atTheNextHour = () => clock.set(new Date((Math.floor(Date.now() / hours) + 1) * hours));

  const expectRefused = (refusal: unknown) => {
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    const { retryAfterSeconds } = refusal as TooManyRequestsError;
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect((refusal as TooManyRequestsError).body()).toEqual({
      errors: { general: [expect.stringMatching(/^At most 10 new accounts from one network an hour: try again in /)] },
      retryAfter: retryAfterSeconds,
    });
  };

  it('creates ten accounts, then refuses with a wait and creates nothing; another source is not affected', async () => {
    atTheNextHour();
    const source = newSource();
    // A sign-up refused for another reason (a phone already taken) is not counted.
    expect(await registerFrom(source, { ...someone(), phone: demo.clientB.phone })).toBeInstanceOf(ConflictError);
    for (let index = 0; index < 10; index += 1) expect(await registerFrom(source, someone())).toBeUndefined();
    const refusedPerson = someone();
    expectRefused(await registerFrom(source, refusedPerson));
    expect(await signsIn(refusedPerson.phone, refusedPerson.password)).toBe(false);
    // Counted per source: the same person from another address gets their account.
    expect(await registerFrom(newSource(), refusedPerson)).toBeUndefined();
  });

  it('lets no more than ten of a concurrent burst through', async () => {
    atTheNextHour();
    const source = newSource();
    const answers = await Promise.all(Array.from({ length: 12 }, () => registerFrom(source, someone())));
    const created = answers.filter((answer) => answer === undefined).length;
    expect(created).toBeLessThanOrEqual(10);
    for (const answer of answers) if (answer !== undefined) expect(answer).toBeInstanceOf(TooManyRequestsError);
    // A request that lost to the others on the count is refused for a second, not counted:
    // the ten places are all there to take, and no more.
    for (let more = created; more < 10; more += 1) expect(await registerFrom(source, someone())).toBeUndefined();
    expectRefused(await registerFrom(source, someone()));
  });
});

/** Asks for a code and returns the one the worker sends. */
const codeFor = (phone: string): Promise<string> =>
  codeSentBy(phone, () => requestPasswordReset({ phone }, newSource()));

describe('password recovery', () => {
  it('answers a known and an unknown phone alike, sending a code only to the known one', async () => {
    const since = localSmsOutbox.length;
    await expect(requestPasswordReset({ phone: '+15550199999' }, newSource())).resolves.toBeUndefined();
    // The request is over and wrote no job for it: nothing will be sent.
    expect(await resetJobsTo('+15550199999')).toHaveLength(0);
    await drainJobs();
    expect(smsSince(since, '+15550199999')).toHaveLength(0);
    expect(smsTo('+15550199999')).toHaveLength(0);

    const code = await codeSentBy(demo.clientB.phone, async () => {
      await expect(requestPasswordReset({ phone: demo.clientB.phone }, newSource())).resolves.toBeUndefined();
    });
    expect(code).toMatch(/^\d{6}$/);
  });

  it('stores the code hashed, never in clear', async () => {
    const code = await codeFor(demo.clientB.phone);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: resetCodeEntity.key(demo.clientB.phone), ConsistentRead: true }),
    );
    expect(Item).toBeDefined();
    expect(JSON.stringify(Item)).not.toContain(code);
  });

  it('resets the password with the code, revoking every session; the old password stops working', async () => {
    const phone = '+15550100007'; // Amira, a seeded client
    const laptop = await signInWith(phone, 'Client#2026');
    await expect(callerOf(laptop.body.accessToken)).resolves.toBeDefined();

    const code = await codeFor(phone);
    await resetPassword({ phone, code, password: 'Renewed#2026' });

    await expect(callerOf(laptop.body.accessToken)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(refresh(refreshValueOf(laptop.cookie))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await signsIn(phone, 'Client#2026')).toBe(false);
    expect(await signsIn(phone, 'Renewed#2026')).toBe(true);

    // A code works once.
    await expect(resetPassword({ phone, code, password: 'Another#2026' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('allows five tries: after five wrong codes even the right one is refused', async () => {
    const phone = '+15550100008'; // Mia, a seeded admin
    const code = await codeFor(phone);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await failureOf(resetPassword({ phone, code: wrongCodeFor(code), password: 'Whatever#2026' }));
      expect(wrong).toBeInstanceOf(ValidationError);
      expect((wrong as ValidationError).fields).toEqual({ code: ['The code is invalid or has expired'] });
    }
    await expect(resetPassword({ phone, code, password: 'Whatever#2026' })).rejects.toBeInstanceOf(ValidationError);
    expect(await signsIn(phone, 'Admin#2026')).toBe(true);
  });

  it('validates the reset request per field', async () => {
    const reset = await failureOf(
      (async () => parseWith(resetPasswordRequest, { phone: demo.clientA.phone, code: '12ab', password: 'x' }))(),
    );
    expect(reset).toBeInstanceOf(ValidationError);
    expect(Object.keys((reset as ValidationError).fields).sort()).toEqual(['code', 'password']);
    await expect((async () => parseWith(forgotPasswordRequest, {}))()).rejects.toBeInstanceOf(ValidationError);
  });

  it('expires a code after 15 minutes', async () => {
    const phone = '+15550100004';
    const source = 'expiry-test';
    const first = await codeSentBy(phone, () => requestPasswordReset({ phone }, source));
    clock.advance(15 * minutes + 1);
    const expired = await failureOf(resetPassword({ phone, code: first, password: 'Renewed#2026' }));
    expect(expired).toBeInstanceOf(ValidationError);
    expect((expired as ValidationError).fields).toEqual({ code: ['The code is invalid or has expired'] });
    // A new code works until its own 15 minutes are up.
    const second = await codeSentBy(phone, () => requestPasswordReset({ phone }, source));
    clock.advance(14 * minutes);
    await resetPassword({ phone, code: second, password: 'Renewed#2026' });
    expect(await signsIn(phone, 'Renewed#2026')).toBe(true);
  });
});
