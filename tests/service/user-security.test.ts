import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';

import { twoStepEntity } from '@orbit/functions/auth/entities';
import {
  changePasswordRequest,
  confirmTwoStepRequest,
  reauthenticateRequest,
  securityLogQuery,
  twoStepSignInRequest,
} from '@orbit/functions/auth/security-contract';
import {
  changePassword,
  confirmTwoStep,
  disableTwoStep,
  listSessionsOf,
  regenerateRecoveryCodes,
  revokeOtherSessions,
  revokeSession,
  securityLogPage,
  startTwoStep,
  twoStepStatusOf,
} from '@orbit/functions/auth/security-service';
import { describeSignedInUser, signIn } from '@orbit/functions/auth/service';
import { completeTwoStepSignIn } from '@orbit/functions/auth/two-step-sign-in';
import { challengeLifetimeMs, timeStepAt, totpCodeAt } from '@orbit/functions/auth/two-step';
import { db } from '@orbit/functions/core/db';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '@orbit/functions/core/errors';
import { parseWith } from '@orbit/functions/core/http';
import { tableName } from '@orbit/functions/core/table';
import { userEntity } from '@orbit/functions/core/users/entities';
import { contactChangeRequest } from '@orbit/functions/users/requests';
import { startContactChange } from '@orbit/functions/users/contact-change-service';

import { demo } from '../support/api-stack';

import {
  callerOf,
  challengeFrom,
  claimsOf,
  firefox,
  newSource,
  originAt,
  sessionFrom,
  signUp,
  useSocketGateway,
  type NewAccount,
} from './support/auth-fixtures';
import { seconds, useTestClock } from './support/clock';
import { drainJobs } from './support/drain-jobs';
import { useLocalMail } from './support/local-mail';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * Security at the service (docs/user-view.md, "Security, two-step sign-in and sessions"): change
 * password, two-step verification and the second step of a sign-in, sessions and their revoking
 * (the device's next request refused, its socket closed by the worker), the security log, and who
 * may do what for whom. Each test signs up a user of its own. Bodies and queries go through the
 * contract's schemas as the handlers parse them (parseWith), so a malformed one is the same
 * ValidationError. TOTP steps are reached by moving the clock, never by waiting for one.
 * The routes' wiring (statuses, cookies, the address and user agent read from the request) is
 * shown over HTTP in tests/api/auth-sign-in.test.ts.
 */

const clock = useTestClock();
// A sign-up and a contact change queue mail: the worker's sends need somewhere to go.
await useLocalMail();
// Revoked sessions' sockets are closed through the gateway's API: a loopback stands in for it.
const sockets = await useSocketGateway();
const password = 'Secret#2026';
const safari = 'Mozilla/5.0 (Macintosh) Safari/605.1.15';

beforeAll(async () => {
  // The demo admin, for who may do what.
  await copySeededWorkspace();
});

/**
 * A moment later: log entries and sessions are ordered by their time to the millisecond, so
 * each action happens after the one before, as a person's clicks do (a few hundred per TOTP step).
 */
const later = () => clock.advance(50);

/** What a call threw (or undefined when it succeeded). */
const failureOf = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );
/** The field errors of a call refused as invalid (the HTTP 400's `errors`). */
const fieldsOf = async (call: Promise<unknown>) => {
  const error = await failureOf(call);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).fields;
};

/** The account's own browser, as the signed-in routes see it. */
const as = (token: string) => callerOf(token);
const origin = originAt();

/** Another browser of the same user, signed in with the password (no two-step). */
const signInAgain = async (account: NewAccount, userAgent = safari, ip = '198.18.0.2'): Promise<string> => {
  later();
  return sessionFrom(await signIn({ phone: account.phone, password }, originAt(ip, userAgent), newSource())).body
    .accessToken;
};

const period = 30 * seconds;
/**
 * Moves the clock to one second into a step no earlier test reached, and returns that step:
 * a test's codes are then those an authenticator app shows in it (the one before and after are
 * accepted as clock drift), and the test's actions stay inside it.
 */
const freshStep = (): number => {
  clock.set(new Date((timeStepAt(Date.now()) + 2) * period + seconds));
  return timeStepAt(Date.now());
};
const codeFor = (secret: string, step: number) => totpCodeAt(secret, step * period + seconds);
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** Turns two-step verification on: the secret and the ten recovery codes. */
const enableTwoStep = async (account: NewAccount, step: number) => {
  later();
  const started = await startTwoStep(await as(account.accessToken), account.id);
  expect(started.uri).toMatch(/^otpauth:\/\/totp\/Orbit:/);
  expect(started.uri).toContain(`secret=${started.secret}`);
  later();
  const confirmed = await confirmTwoStep(
    await as(account.accessToken),
    account.id,
    () => parseWith(confirmTwoStepRequest, { code: codeFor(started.secret, step - 1) }),
    origin,
  );
  expect(confirmed.recoveryCodes).toHaveLength(10);
  return { secret: started.secret, recoveryCodes: confirmed.recoveryCodes };
};

const passwordStep = async (account: NewAccount, source = newSource()) => {
  later();
  return signIn({ phone: account.phone, password }, origin, source);
};

const secondStep = async (body: Record<string, unknown>, source = newSource()) => {
  later();
  return completeTwoStepSignIn(parseWith(twoStepSignInRequest, body), origin, source);
};

const logOf = async (account: NewAccount, token = account.accessToken, query: Record<string, string> = {}) =>
  securityLogPage(await as(token), account.id, () => parseWith(securityLogQuery, { limit: '50', ...query }));

describe('two-step verification', () => {
  it('turns on with a first code, then sign-in asks for a code after the password', async () => {
    const account = await signUp(password);
    const step = freshStep();
    const { secret } = await enableTwoStep(account, step);
    const profile = await db().send(
      new GetCommand({ TableName: tableName(), Key: userEntity.key(account.id), ConsistentRead: true }),
    );
    expect(profile.Item?.settings).toEqual(expect.objectContaining({ isTwoStepAuthVerificationEnabled: true }));
    // The secret is sealed at rest: the stored item never holds it in clear.
    const stored = await db().send(
      new GetCommand({ TableName: tableName(), Key: twoStepEntity.key(account.id), ConsistentRead: true }),
    );
    expect(JSON.stringify(stored.Item)).not.toContain(secret);
    expect(String(stored.Item?.sealedSecret)).toMatch(/^aes:/);

    // The password step: a challenge and no session (no token, no cookie).
    const first = await passwordStep(account);
    expect(first).toEqual({ twoStep: { challenge: expect.any(String), methods: ['totp', 'recovery'] } });

    const signedIn = await secondStep({ challenge: challengeFrom(first).challenge, code: codeFor(secret, step) });
    expect(Object.keys(signedIn.body).sort()).toEqual(['accessToken', 'userAbilityRules', 'userData']);
    expect(signedIn.body.userData.id).toBe(account.id);
    expect(signedIn.cookie).toMatch(/^orbit_refresh=/);
    await expect(as(signedIn.body.accessToken)).resolves.toMatchObject({ principal: { userId: account.id } });

    // The same code (its step is spent) is refused, even with a fresh challenge.
    const again = challengeFrom(await passwordStep(account)).challenge;
    expect(await fieldsOf(secondStep({ challenge: again, code: codeFor(secret, step) }))).toEqual({
      code: [expect.any(String)],
    });
    // A later step's code works with that challenge; the challenge then works no more.
    await expect(secondStep({ challenge: again, code: codeFor(secret, step + 1) })).resolves.toBeDefined();
    expect(await fieldsOf(secondStep({ challenge: again, code: codeFor(secret, step + 1) }))).toEqual({
      challenge: [expect.any(String)],
    });
  });

  it('accepts each recovery code once, and new codes void the old ones', async () => {
    const account = await signUp(password);
    const step = freshStep();
    const { recoveryCodes } = await enableTwoStep(account, step);
    const [firstCode = '', secondCode = ''] = recoveryCodes;

    const challenge = challengeFrom(await passwordStep(account)).challenge;
    await expect(secondStep({ challenge, recoveryCode: firstCode.toUpperCase() })).resolves.toBeDefined();
    const challenge2 = challengeFrom(await passwordStep(account)).challenge;
    expect(await fieldsOf(secondStep({ challenge: challenge2, recoveryCode: firstCode }))).toEqual({
      recoveryCode: [expect.any(String)],
    });

    later();
    expect(await twoStepStatusOf(await as(account.accessToken), account.id)).toEqual(
      expect.objectContaining({ enabled: true, recoveryCodesLeft: 9 }),
    );

    later();
    const regenerated = await regenerateRecoveryCodes(
      await as(account.accessToken),
      account.id,
      () => parseWith(reauthenticateRequest, { password }),
      origin,
    );
    expect(regenerated.recoveryCodes).toHaveLength(10);
    await expect(secondStep({ challenge: challenge2, recoveryCode: secondCode })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(
      secondStep({ challenge: challenge2, recoveryCode: regenerated.recoveryCodes[0] }),
    ).resolves.toBeDefined();

    const events = (await logOf(account)).entries.map((entry) => entry.event);
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

  it('throttles wrong codes like passwords, per user, with the time to wait', async () => {
    const account = await signUp(password);
    const step = freshStep();
    const { secret } = await enableTwoStep(account, step);
    const challenge = challengeFrom(await passwordStep(account)).challenge;
    const wrong = otherThan(codeFor(secret, step));
    const outcomes: string[] = [];
    // From different sources: the user's own budget is what runs out.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const error = await failureOf(secondStep({ challenge, code: wrong }));
      outcomes.push(
        error instanceof TooManyRequestsError ? 'throttled' : error instanceof ValidationError ? 'wrong' : 'other',
      );
    }
    expect(outcomes).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong', 'throttled']);
    const refused = await failureOf(secondStep({ challenge, code: codeFor(secret, step) }));
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('throttles wrong codes per source too, whatever the user (shared with the source’s sign-in budget)', async () => {
    const source = newSource();
    const step = freshStep();
    const users = await Promise.all(Array.from({ length: 5 }, () => signUp(password)));
    const secrets = await Promise.all(users.map(async (account) => (await enableTwoStep(account, step)).secret));
    // Four users' five wrong codes each, from one source: its 20 sign-in attempts are spent.
    for (const [index, account] of users.slice(0, 4).entries()) {
      const challenge = challengeFrom(await passwordStep(account)).challenge;
      const wrong = otherThan(codeFor(secrets[index] ?? '', step));
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await expect(secondStep({ challenge, code: wrong }, source)).rejects.toBeInstanceOf(ValidationError);
      }
    }
    const fifth = users[4] as NewAccount;
    const challenge = challengeFrom(await passwordStep(fifth)).challenge;
    const right = codeFor(secrets[4] ?? '', step);
    await expect(secondStep({ challenge, code: right }, source)).rejects.toBeInstanceOf(TooManyRequestsError);
    // The fifth user's own budget is untouched: from elsewhere, the right code signs in.
    await expect(secondStep({ challenge, code: right })).resolves.toBeDefined();
  });

  it('refuses an expired or unknown challenge, and a body with neither or both codes', async () => {
    const account = await signUp(password);
    const step = freshStep();
    const { secret } = await enableTwoStep(account, step);
    await expect(secondStep({ challenge: 'x'.repeat(43), code: codeFor(secret, step) })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const challenge = challengeFrom(await passwordStep(account)).challenge;
    expect(await fieldsOf(secondStep({ challenge }))).toEqual({ code: [expect.any(String)] });
    await expect(secondStep({ challenge, code: '123456', recoveryCode: 'abcd' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    // Five minutes later the challenge no longer works.
    clock.advance(challengeLifetimeMs + 1);
    expect(await fieldsOf(secondStep({ challenge, code: codeFor(secret, timeStepAt(Date.now())) }))).toEqual({
      challenge: [expect.any(String)],
    });
  });

  it('turns off with the password (not with a wrong one), and sign-in is one step again', async () => {
    const account = await signUp(password);
    const step = freshStep();
    await enableTwoStep(account, step);
    const turnOff = async (body: Record<string, unknown>) => {
      later();
      return disableTwoStep(
        await as(account.accessToken),
        account.id,
        () => parseWith(reauthenticateRequest, body),
        origin,
      );
    };
    expect(await fieldsOf(turnOff({ password: 'Wrong#2026' }))).toEqual({ password: [expect.any(String)] });
    await expect(turnOff({ password })).resolves.toBeUndefined();
    expect(await twoStepStatusOf(await as(account.accessToken), account.id)).toEqual(
      expect.objectContaining({ enabled: false, recoveryCodesLeft: 0 }),
    );
    expect(sessionFrom(await passwordStep(account)).body.userData.id).toBe(account.id);
    await expect(turnOff({ password })).rejects.toBeInstanceOf(ConflictError);
  });

  it('gives the saved language with the second step and from the signed-in user, never in the one-step sign-in', async () => {
    const account = await signUp(password);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userEntity.key(account.id),
        UpdateExpression: 'SET #language = :language',
        ExpressionAttributeNames: { '#language': 'language' },
        ExpressionAttributeValues: { ':language': 'ar' },
      }),
    );
    const oneStep = sessionFrom(await passwordStep(account));
    expect(oneStep.body).not.toHaveProperty('language');
    // What GET /api/auth/me answers.
    expect(await describeSignedInUser(account.id)).toEqual(expect.objectContaining({ language: 'ar' }));
    const step = freshStep();
    const { secret } = await enableTwoStep(account, step);
    const challenge = challengeFrom(await passwordStep(account)).challenge;
    const signedIn = await secondStep({ challenge, code: codeFor(secret, step) });
    expect(signedIn.body).toEqual(expect.objectContaining({ language: 'ar', accessToken: expect.any(String) }));
  });

  it('refuses a wrong first code and stores nothing', async () => {
    const account = await signUp(password);
    const started = await startTwoStep(await as(account.accessToken), account.id);
    const step = freshStep();
    const confirm = async (code: string) =>
      confirmTwoStep(
        await as(account.accessToken),
        account.id,
        () => parseWith(confirmTwoStepRequest, { code }),
        origin,
      );
    await expect(confirm(otherThan(codeFor(started.secret, step)))).rejects.toBeInstanceOf(ValidationError);
    expect(await fieldsOf(confirm('12'))).toEqual({ code: [expect.any(String)] });
    expect(await twoStepStatusOf(await as(account.accessToken), account.id)).toEqual(
      expect.objectContaining({ enabled: false }),
    );
    expect(sessionFrom(await passwordStep(account)).body.userData.id).toBe(account.id);
  });

  it('takes a current code instead of the password to change the sign-in email, once', async () => {
    const account = await signUp(password);
    const step = freshStep();
    const { secret } = await enableTwoStep(account, step);
    const start = async (proof: Record<string, unknown>) => {
      later();
      const body = { field: 'email', value: `moved-${account.id.toLowerCase()}@test.example`, ...proof };
      return startContactChange(await as(account.accessToken), account.id, () => parseWith(contactChangeRequest, body));
    };
    expect(await fieldsOf(start({ code: otherThan(codeFor(secret, step)) }))).toEqual({ code: [expect.any(String)] });
    await expect(start({ code: codeFor(secret, step) })).resolves.toMatchObject({ field: 'email' });
    // The code's step is spent with the change it allowed: the same code again is refused.
    expect(await fieldsOf(start({ code: codeFor(secret, step) }))).toEqual({ code: [expect.any(String)] });
    await expect(start({ currentPassword: password })).resolves.toMatchObject({ field: 'email' });
  });
});

describe('sessions', () => {
  it('lists every session with its user agent, IP and this one marked; a revoked device is refused and its socket closes', async () => {
    const account = await signUp(password);
    const laptop = await signInAgain(
      account,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      '198.18.0.2',
    );
    const listed = await listSessionsOf(await as(account.accessToken), account.id);
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions[0]).toEqual(
      expect.objectContaining({ current: true, userAgent: expect.stringContaining('Firefox/133.0') }),
    );
    const other = listed.sessions.find((session) => !session.current);
    expect(other).toEqual(
      expect.objectContaining({
        id: claimsOf(laptop).sid,
        userAgent: expect.stringContaining('Version/17.5'),
        ip: '198.18.0.2',
      }),
    );

    const socket = await sockets.open({ id: account.id, role: 'client' }, other?.id ?? '');
    later();
    await revokeSession(await as(account.accessToken), account.id, other?.id ?? '', origin);
    // The worker closes the revoked session's sockets through the gateway.
    await drainJobs();
    expect(sockets.closed).toContain(socket);
    await expect(as(laptop)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(as(account.accessToken)).resolves.toBeDefined();
    await expect(
      revokeSession(await as(account.accessToken), account.id, other?.id ?? '', origin),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('revokes every other session and keeps this one', async () => {
    const account = await signUp(password);
    const phone = await signInAgain(account);
    const tablet = await signInAgain(account);
    const socket = await sockets.open({ id: account.id, role: 'client' }, claimsOf(phone).sid);
    later();
    expect(await revokeOtherSessions(await as(account.accessToken), account.id, origin)).toBe(2);
    await drainJobs();
    expect(sockets.closed).toContain(socket);
    await expect(as(phone)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(as(tablet)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(as(account.accessToken)).resolves.toBeDefined();
  });
});

describe('change password', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const account = await signUp(password);
    const other = await signInAgain(account);
    const change = async (body: Record<string, unknown>) => {
      later();
      return changePassword(
        await as(account.accessToken),
        account.id,
        () => parseWith(changePasswordRequest, body),
        origin,
      );
    };
    expect(await fieldsOf(change({ currentPassword: 'Wrong#2026', newPassword: 'Newer#2026' }))).toEqual({
      currentPassword: [expect.any(String)],
    });
    expect(await fieldsOf(change({ currentPassword: password, newPassword: 'x' }))).toEqual({
      newPassword: [expect.any(String)],
    });
    await expect(as(other)).resolves.toBeDefined();

    await expect(change({ currentPassword: password, newPassword: 'Newer#2026' })).resolves.toBeUndefined();
    await expect(as(other)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(as(account.accessToken)).resolves.toBeDefined();
    later();
    await expect(signIn({ phone: account.phone, password }, origin, newSource())).rejects.toBeInstanceOf(
      ValidationError,
    );
    later();
    expect(
      sessionFrom(await signIn({ phone: account.phone, password: 'Newer#2026' }, origin, newSource())).body.userData.id,
    ).toBe(account.id);
    const events = (await logOf(account)).entries.map((entry) => entry.event);
    expect(events.slice(0, 3)).toEqual(['sign-in', 'sign-in-failed', 'password-changed']);
  });
});

describe('the security log', () => {
  it('lists sign-ins with the device, failures and revokes, newest first, by cursor', async () => {
    const account = await signUp(password);
    later();
    await expect(signIn({ phone: account.phone, password: 'Wrong#2026' }, origin, newSource())).rejects.toBeInstanceOf(
      ValidationError,
    );
    const laptop = await signInAgain(
      account,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36',
      '198.18.0.3',
    );
    later();
    await revokeSession(await as(account.accessToken), account.id, claimsOf(laptop).sid, origin);
    const { entries } = await logOf(account);
    expect(entries.map((entry) => entry.event)).toEqual(['session-revoked', 'sign-in', 'sign-in-failed']);
    expect(entries[1]).toEqual(
      expect.objectContaining({ userAgent: expect.stringContaining('Chrome/131'), ip: '198.18.0.3' }),
    );

    const first = await logOf(account, account.accessToken, { limit: '2' });
    expect(first.entries).toHaveLength(2);
    const rest = await logOf(account, account.accessToken, { limit: '2', cursor: first.nextCursor ?? '' });
    expect(rest.entries.map((entry) => entry.event)).toEqual(['sign-in-failed']);
    expect(rest.nextCursor).toBeNull();
    expect(await fieldsOf(logOf(account, account.accessToken, { cursor: 'not-a-cursor' }))).toEqual({
      cursor: [expect.any(String)],
    });
  });
});

describe('who may do what', () => {
  it('lets an admin read and revoke one session but never change the password or two-step; another client gets not found', async () => {
    const account = await signUp(password);
    const other = await signUp(password);
    later();
    const admin = sessionFrom(await signIn(demo.admin, originAt('198.18.0.9', firefox), newSource())).body.accessToken;
    const laptop = await signInAgain(account);

    await expect(listSessionsOf(await as(admin), account.id)).resolves.toBeDefined();
    await expect(logOf(account, admin)).resolves.toBeDefined();
    const forbidden: [string, (token: string) => Promise<unknown>][] = [
      [
        'change the password',
        async (token) =>
          changePassword(
            await as(token),
            account.id,
            () => ({ currentPassword: password, newPassword: 'Admin#2099' }),
            origin,
          ),
      ],
      ['start two-step', async (token) => startTwoStep(await as(token), account.id)],
      ['turn two-step off', async (token) => disableTwoStep(await as(token), account.id, () => ({ password }), origin)],
      ['revoke the others', async (token) => revokeOtherSessions(await as(token), account.id, origin)],
    ];
    for (const [what, call] of forbidden) {
      expect(await failureOf(call(admin)), what).toBeInstanceOf(ForbiddenError);
      expect(await failureOf(call(other.accessToken)), what).toBeInstanceOf(NotFoundError);
    }
    await expect(listSessionsOf(await as(other.accessToken), account.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(logOf(account, other.accessToken)).rejects.toBeInstanceOf(NotFoundError);

    const sessionId = claimsOf(laptop).sid;
    await expect(revokeSession(await as(other.accessToken), account.id, sessionId, origin)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    later();
    await expect(revokeSession(await as(admin), account.id, sessionId, origin)).resolves.toBeUndefined();
    await expect(as(laptop)).rejects.toBeInstanceOf(UnauthorizedError);
    const [revoke] = (await logOf(account)).entries;
    expect(revoke).toEqual(expect.objectContaining({ event: 'session-revoked', byAdmin: true }));
    // Nobody's password changed: the account still signs in with its own.
    expect(sessionFrom(await passwordStep(account)).body.userData.id).toBe(account.id);
  });

  it('answers not found for a user that does not exist', async () => {
    const admin = sessionFrom(await signIn(demo.admin, originAt(), newSource())).body.accessToken;
    await expect(listSessionsOf(await as(admin), '01ARZ3NDEKTSV4RRFFQ69G5FAV')).rejects.toBeInstanceOf(NotFoundError);
  });
});
