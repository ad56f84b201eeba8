import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resetCodeEntity } from '@orbit/functions/auth/entities';
import { db } from '@orbit/functions/core/db';

import type { LocalStack } from '../../infra/local/stack';
import { demo, startApiStack } from '../support/api-stack';
import { fromSource, newSource, type SourceResponse } from '../support/from-source';
import { codeSentBy, resetJobsTo, smsTo, waitForSms } from '../support/sent-messages';

/**
 * Password recovery cannot be pumped or guessed: codes are issued at most 3 times an hour per
 * phone and 10 times per source, the five wrong tries last across re-issues, and a phone
 * without an account gets the same answer after the same writes. Every test speaks from its own
 * loopback addresses.
 */

let stack: LocalStack;
const at = (source: string) => fromSource(stack.url, source);
const forgot = (source: string, phone: string) =>
  at(source).request<{ errors?: Record<string, string[]> }>('POST', '/api/auth/forgot-password', { body: { phone } });
const reset = (source: string, phone: string, code: string, password = 'Renewed#2026') =>
  at(source).request('POST', '/api/auth/reset-password', { body: { phone, code, password } });
/** Asks for a code (202) and returns the one the worker sends. */
const codeFor = (source: string, phone: string): Promise<string> =>
  codeSentBy(stack.tableName, phone, async () => expect((await forgot(source, phone)).status).toBe(202));
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

beforeAll(async () => {
  stack = await startApiStack();
});
afterAll(async () => {
  await stack.stop();
});

describe('issuing codes', () => {
  it('sends at most three codes an hour to one phone, however many are asked for at once', async () => {
    const phone = demo.clientA.phone;
    const before = smsTo(phone).length;
    const jobsBefore = (await resetJobsTo(stack.tableName, phone)).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => forgot(newSource(), phone)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    // Each granted request wrote its SMS in its own transaction: three, and the three arrive.
    expect((await resetJobsTo(stack.tableName, phone)).length - jobsBefore).toBe(3);
    expect((await waitForSms(phone, before + 3)).length - before).toBe(3);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body.errors).toEqual({ phone: ['Too many codes requested. Try again later.'] });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(59 * 60);
  });

  it('answers 429 after ten requests from one source, for phones with or without an account', async () => {
    const source = newSource();
    // Registered phones and unknown ones alike, each asked for once.
    const phones = [
      demo.clientB.phone,
      ...Array.from({ length: 11 }, (_, index) => `+1555031${String(index).padStart(4, '0')}`),
    ];
    const statuses: number[] = [];
    for (const phone of phones) statuses.push((await forgot(source, phone)).status);
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 202));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another source still gets its code.
    expect((await forgot(newSource(), demo.admin.phone)).status).toBe(202);
  });

  it('does the same writes for a phone without an account: a code is stored, none is sent', async () => {
    const phone = '+15550339999';
    let known: SourceResponse | undefined;
    const knownCode = await codeSentBy(stack.tableName, demo.clientB.phone, async () => {
      known = await forgot(newSource(), demo.clientB.phone);
    });
    const unknown = await forgot(newSource(), phone);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known?.body);
    // Nothing will be sent: the request is over and wrote no job for it.
    expect(await resetJobsTo(stack.tableName, phone)).toHaveLength(0);
    expect(smsTo(phone)).toHaveLength(0);
    const { Item } = await db().send(new GetCommand({ TableName: stack.tableName, Key: resetCodeEntity.key(phone) }));
    expect(Item).toMatchObject({ type: 'ResetCode', attempts: 0 });
    // A reset for it fails like a wrong code for a registered phone.
    const answer = await reset(newSource(), phone, '123456');
    const wrong = await reset(newSource(), demo.clientB.phone, wrongCodeFor(knownCode));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(wrong.body);
  });
});

describe('trying codes', () => {
  it('keeps the five tries across a re-issue: 4 wrong, new code, 4 wrong, then the right code is refused', async () => {
    const phone = '+15550100008'; // Mia, a seeded admin
    const source = newSource();
    const first = await codeFor(source, phone);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await reset(source, phone, wrongCodeFor(first))).status).toBe(400);
    }
    const second = await codeFor(source, phone);
    const wrong = second === '222222' ? '333333' : '222222';
    expect((await reset(source, phone, wrong)).status).toBe(400);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await reset(source, phone, wrong)).status).toBe(400);
    }
    const right = await reset(source, phone, second);
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ errors: { code: ['The code is invalid or has expired'] } });
    // The password did not change.
    const signIn = await at(newSource()).request('POST', '/api/auth/login', {
      body: { phone, password: 'Admin#2026' },
    });
    expect(signIn.status).toBe(201);
  });

  it('lets only five of 30 concurrent guesses be compared with the code', async () => {
    const phone = '+15550100006';
    const code = await codeFor(newSource(), phone);
    const guesses = Array.from({ length: 30 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((guess) => reset(newSource(), phone, guess)));
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    const { Item } = await db().send(new GetCommand({ TableName: stack.tableName, Key: resetCodeEntity.key(phone) }));
    expect(Item?.attempts).toBe(5);
    expect((await reset(newSource(), phone, code)).status).toBe(400);
  });
});
