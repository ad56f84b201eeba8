import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';

import { resetCodeEntity } from '@orbit/functions/auth/entities';
import { requestPasswordReset, resetPassword } from '@orbit/functions/auth/service';
import { db } from '@orbit/functions/core/db';
import { TooManyRequestsError, ValidationError } from '@orbit/functions/core/errors';
import { tableName } from '@orbit/functions/core/table';
import { localSmsOutbox } from '@orbit/functions/core/transports/sms';

import { demo } from '../support/api-stack';
import { smsTo } from '../support/sent-messages';

import { codeSentBy, newSource, resetJobsTo, signInWith, smsSince, wrongCodeFor } from './support/auth-fixtures';
import { useTestClock } from './support/clock';
import { drainJobs } from './support/drain-jobs';
import { useLocalMail } from './support/local-mail';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * Password recovery cannot be pumped or guessed: codes are issued at most 3 times an hour per
 * phone and 10 times per source, the five wrong tries last across re-issues, and a phone
 * without an account gets the same answer after the same writes. Every test asks from sources
 * of its own. The HTTP answers (202, 429 with Retry-After) are shown in tests/api/auth-sign-in.test.ts.
 */

useTestClock();
// The seeded people have emails: their codes go by email too.
await useLocalMail();

const forgot = (source: string, phone: string) => requestPasswordReset({ phone }, source);
const reset = (phone: string, code: string, password = 'Renewed#2026') => resetPassword({ phone, code, password });
/** What a call threw (or undefined when it succeeded). */
const failureOf = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );
/** Asks for a code and returns the one the worker sends. */
const codeFor = (source: string, phone: string): Promise<string> => codeSentBy(phone, () => forgot(source, phone));
const resetItemOf = async (phone: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: resetCodeEntity.key(phone), ConsistentRead: true })))
    .Item;

beforeAll(async () => {
  await copySeededWorkspace();
});

describe('issuing codes', () => {
  it('sends at most three codes an hour to one phone, however many are asked for at once', async () => {
    const phone = demo.clientA.phone;
    const since = localSmsOutbox.length;
    const jobsBefore = (await resetJobsTo(phone)).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => failureOf(forgot(newSource(), phone))));
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(3);
    const refused = answers.filter((answer) => answer instanceof TooManyRequestsError);
    expect(refused).toHaveLength(17);
    // Each granted request wrote its SMS in its own transaction: three, and the three are sent.
    expect((await resetJobsTo(phone)).length - jobsBefore).toBe(3);
    await drainJobs();
    expect(smsSince(since, phone)).toHaveLength(3);
    expect(refused[0]?.fields).toEqual({ phone: ['Too many codes requested. Try again later.'] });
    expect(refused[0]?.retryAfterSeconds).toBeGreaterThan(59 * 60);
  });

  it('refuses a source after ten requests, for phones with or without an account', async () => {
    const source = newSource();
    // Registered phones and unknown ones alike, each asked for once.
    const phones = [
      demo.clientB.phone,
      ...Array.from({ length: 11 }, (_, index) => `+1555031${String(index).padStart(4, '0')}`),
    ];
    const answers: unknown[] = [];
    for (const phone of phones) answers.push(await failureOf(forgot(source, phone)));
    expect(answers.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => undefined));
    expect(answers.slice(10).map((answer) => answer instanceof TooManyRequestsError)).toEqual([true, true]);
    // Another source still gets its code.
    await expect(forgot(newSource(), demo.admin.phone)).resolves.toBeUndefined();
  });

  it('does the same writes for a phone without an account: a code is stored, none is sent', async () => {
    const phone = '+15550339999';
    const knownCode = await codeFor(newSource(), demo.clientB.phone);
    const since = localSmsOutbox.length;
    // The same answer as for a registered phone: nothing to tell them apart.
    await expect(forgot(newSource(), phone)).resolves.toBeUndefined();
    // Nothing will be sent: the request is over and wrote no job for it.
    expect(await resetJobsTo(phone)).toHaveLength(0);
    await drainJobs();
    expect(smsSince(since, phone)).toHaveLength(0);
    expect(smsTo(phone)).toHaveLength(0);
    expect(await resetItemOf(phone)).toMatchObject({ type: 'ResetCode', attempts: 0 });
    // A reset for it fails like a wrong code for a registered phone.
    const answer = await failureOf(reset(phone, '123456'));
    const wrong = await failureOf(reset(demo.clientB.phone, wrongCodeFor(knownCode)));
    expect(answer).toBeInstanceOf(ValidationError);
    expect(wrong).toBeInstanceOf(ValidationError);
    expect((answer as ValidationError).fields).toEqual((wrong as ValidationError).fields);
  });
});

describe('trying codes', () => {
  it('keeps the five tries across a re-issue: 4 wrong, new code, 4 wrong, then the right code is refused', async () => {
    const phone = '+15550100008'; // Mia, a seeded admin
    const source = newSource();
    const first = await codeFor(source, phone);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(reset(phone, wrongCodeFor(first))).rejects.toBeInstanceOf(ValidationError);
    }
    const second = await codeFor(source, phone);
    const wrong = second === '222222' ? '333333' : '222222';
    await expect(reset(phone, wrong)).rejects.toBeInstanceOf(ValidationError);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(reset(phone, wrong)).rejects.toBeInstanceOf(ValidationError);
    }
    const right = await failureOf(reset(phone, second));
    expect(right).toBeInstanceOf(ValidationError);
    expect((right as ValidationError).fields).toEqual({ code: ['The code is invalid or has expired'] });
    // The password did not change.
    expect((await signInWith(phone, 'Admin#2026')).body.userData.phone).toBe(phone);
  });

  it('lets only five of 30 concurrent guesses be compared with the code', async () => {
    const phone = '+15550100006';
    const code = await codeFor(newSource(), phone);
    const guesses = Array.from({ length: 30 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((guess) => failureOf(reset(phone, guess))));
    expect(answers.every((answer) => answer instanceof ValidationError)).toBe(true);
    expect((await resetItemOf(phone))?.attempts).toBe(5);
    await expect(reset(phone, code)).rejects.toBeInstanceOf(ValidationError);
  });
});
