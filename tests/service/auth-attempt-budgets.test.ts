import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  resetCodeEntity,
  resetIssuePhoneBudget,
  signInPhoneAtSourceBudget,
  signInPhoneBudget,
  signInSourceBudget,
} from '@orbit/functions/auth/entities';
import { requestPasswordReset, resetPassword } from '@orbit/functions/auth/service';
import { reserveSignInAttempt, settleSuccessfulSignIn } from '@orbit/functions/auth/throttle';
import { db } from '@orbit/functions/core/db';
import type { TableKey } from '@orbit/functions/core/entity';
import { TooManyRequestsError, ValidationError } from '@orbit/functions/core/errors';
import { tableName } from '@orbit/functions/core/table';
import { localSmsOutbox } from '@orbit/functions/core/transports/sms';

import { codeIn } from '../support/sent-messages';

import { codeSentBy, signInWith, smsSince } from './support/auth-fixtures';
import { minutes, useTestClock } from './support/clock';
import { drainJobs } from './support/drain-jobs';
import { useLocalMail } from './support/local-mail';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * The attempt budgets' windows over time (docs/decisions.md, "Throttling and lockout" and
 * "Attempt budgets in one round trip"). The throttle is called with chosen times and the stored
 * budgets are read back; the reset codes' hour is reached by moving the clock.
 */

const clock = useTestClock();
// The seeded client below has an email: its codes go by email too.
await useLocalMail();
const window = 15 * minutes;
let names = 0;
/** A phone and a source no other test uses. */
const fresh = () => {
  names += 1;
  return { phone: `+1555066${String(names).padStart(4, '0')}`, source: `budget-test-${names}` };
};
const attemptsIn = async (key: TableKey): Promise<number | undefined> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ? Number(Item.attempts) : undefined;
};
const reserve = async (phone: string, source: string, now: number) => {
  const outcome = await reserveSignInAttempt(phone, source, now);
  if (!outcome.granted) throw new Error(`refused, retry after ${outcome.retryAfterSeconds} s`);
  return outcome.reservations;
};

beforeAll(async () => {
  await copySeededWorkspace();
});

describe('sign-in budgets over time', () => {
  it('refuses the sixth attempt until the window ends, then opens a new window with that attempt', async () => {
    const { phone, source } = fresh();
    const start = Date.now();
    for (let attempt = 0; attempt < 5; attempt += 1) await reserve(phone, source, start + attempt);
    expect(await reserveSignInAttempt(phone, source, start + 10 * minutes)).toEqual({
      granted: false,
      retryAfterSeconds: 5 * 60,
    });
    // The window opened with the first attempt, so it ends 15 minutes after it.
    await reserve(phone, source, start + window);
    expect(await attemptsIn(signInPhoneAtSourceBudget.key(phone, source))).toBe(1);
    for (let attempt = 1; attempt < 5; attempt += 1) await reserve(phone, source, start + window + attempt);
    expect(await reserveSignInAttempt(phone, source, start + window + 5)).toMatchObject({ granted: false });
  });

  it('spends nothing when one budget refuses: the others keep their counts', async () => {
    const { phone, source } = fresh();
    const now = Date.now();
    for (let attempt = 0; attempt < 5; attempt += 1) await reserve(phone, source, now);
    expect(await reserveSignInAttempt(phone, source, now)).toMatchObject({ granted: false });
    expect(await attemptsIn(signInSourceBudget.key(source))).toBe(5);
    expect(await attemptsIn(signInPhoneBudget.key(phone))).toBe(5);
  });

  it('answers with the narrowest refusing budget when several refuse', async () => {
    const { phone, source } = fresh();
    const start = Date.now();
    // Other phones open the source's window; five tries at this phone fill both budgets later.
    for (let other = 0; other < 15; other += 1) await reserve(`${phone}${other}`, source, start);
    for (let attempt = 0; attempt < 5; attempt += 1) await reserve(phone, source, start + 5 * minutes);
    // The source's window ends in 9 minutes, this phone's at this source in 14: the answer is 14.
    expect(await reserveSignInAttempt(phone, source, start + 6 * minutes)).toEqual({
      granted: false,
      retryAfterSeconds: 14 * 60,
    });
    expect(await reserveSignInAttempt(`${phone}99`, source, start + 6 * minutes)).toEqual({
      granted: false,
      retryAfterSeconds: 9 * 60,
    });
  });

  it('a success gives its units back and clears its phone-and-source count', async () => {
    const { phone, source } = fresh();
    const now = Date.now();
    for (let attempt = 0; attempt < 3; attempt += 1) await reserve(phone, source, now);
    const reservations = await reserve(phone, source, now);
    await settleSuccessfulSignIn(phone, source, reservations);
    expect(await attemptsIn(signInPhoneAtSourceBudget.key(phone, source))).toBeUndefined();
    expect(await attemptsIn(signInSourceBudget.key(source))).toBe(3);
    expect(await attemptsIn(signInPhoneBudget.key(phone))).toBe(3);
  });

  it('gives nothing back to a window opened after the attempt was counted', async () => {
    const { phone, source } = fresh();
    const start = Date.now();
    const early = await reserve(phone, source, start);
    // The window ends and another attempt opens the next one before the first settles.
    await reserve(`${phone}9`, source, start + window + 1);
    await settleSuccessfulSignIn(phone, source, early);
    expect(await attemptsIn(signInSourceBudget.key(source))).toBe(1);
  });

  it('gives back a unit spent in a window a concurrent request opened with a later clock', async () => {
    const { phone, source } = fresh();
    const now = Date.now();
    await reserve(`${phone}9`, source, now + 2000);
    const reservations = await reserve(phone, source, now);
    expect(await attemptsIn(signInSourceBudget.key(source))).toBe(2);
    await settleSuccessfulSignIn(phone, source, reservations);
    expect(await attemptsIn(signInSourceBudget.key(source))).toBe(1);
  });
});

describe('reset codes over time', () => {
  it('starts a new try window, and a new issue window, once an hour has passed', async () => {
    const phone = '+15550100006'; // Isabella, a seeded client
    const source = 'reset-window-test';
    const password = 'Renewed#2026';
    const since = localSmsOutbox.length;
    for (let issue = 0; issue < 3; issue += 1) await requestPasswordReset({ phone }, source);
    await expect(requestPasswordReset({ phone }, source)).rejects.toBeInstanceOf(TooManyRequestsError);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(resetPassword({ phone, code: 'nope00', password })).rejects.toBeInstanceOf(ValidationError);
    }
    // The worker sends the three codes: the right one is among them, and all are refused.
    await drainJobs();
    const codes = smsSince(since, phone).map((sms) => codeIn(sms.text) ?? '');
    expect(codes).toHaveLength(3);
    for (const code of codes) {
      await expect(resetPassword({ phone, code, password })).rejects.toBeInstanceOf(ValidationError);
    }

    clock.advance(60 * minutes);
    const code = await codeSentBy(phone, () => requestPasswordReset({ phone }, source));
    expect(await attemptsIn(resetIssuePhoneBudget.key(phone))).toBe(1);
    expect(await attemptsIn(resetCodeEntity.key(phone))).toBe(0);
    await resetPassword({ phone, code, password });
    expect((await signInWith(phone, password)).body.userData.phone).toBe(phone);
  });
});
