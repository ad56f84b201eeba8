import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../infra/local/stack';
import { demo, startApiStack } from '../support/api-stack';
import { fromSource, newSource, type SourceResponse } from '../support/from-source';
import { codeSentBy } from '../support/sent-messages';

/**
 * Sign-in throttling (docs/decisions.md, "Throttling and lockout"): five attempts per phone and
 * source, twenty per source, thirty per phone from everywhere, all per 15 minutes, each attempt
 * counted before its password is checked. Every test speaks from its own loopback addresses.
 */

let stack: LocalStack;
const at = (source: string) => fromSource(stack.url, source);
const signIn = (source: string, phone: string, password: string) =>
  at(source).request<{ errors?: { phone: string[] } }>('POST', '/api/auth/login', { body: { phone, password } });
const statuses = (responses: readonly SourceResponse<unknown>[]) => responses.map((response) => response.status);
const count = (values: readonly number[], status: number) => values.filter((value) => value === status).length;

beforeAll(async () => {
  stack = await startApiStack();
});
afterAll(async () => {
  await stack.stop();
});

describe('sign-in throttling, one attempt after another', () => {
  it('locks a phone at a source after five failures with 429 and Retry-After, even for the right password', async () => {
    const attacker = newSource();
    const phone = '+15550100005'; // Emma, a seeded client
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(attacker, phone, 'wrong')).status).toBe(400);
    }
    const locked = await signIn(attacker, phone, 'Client#2026');
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.body.errors?.phone).toEqual(['Too many sign-in attempts. Try again later.']);
    // Another phone from the same source is not affected…
    expect((await signIn(attacker, demo.clientB.phone, demo.clientB.password)).status).toBe(201);
    // …and five wrong guesses by someone else do not lock the owner out.
    expect((await signIn(newSource(), phone, 'Client#2026')).status).toBe(201);
  });

  it('locks an unknown phone the same way, so the answer does not reveal whether it exists', async () => {
    const source = newSource();
    const phone = '+15550188888';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(source, phone, 'wrong')).status).toBe(400);
    }
    const locked = await signIn(source, phone, 'wrong');
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('does not lock after four failures, and a success clears the count', async () => {
    const source = newSource();
    const phone = '+15550100006';
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await signIn(source, phone, 'wrong')).status).toBe(400);
      }
      expect((await signIn(source, phone, 'Client#2026')).status).toBe(201);
    }
  });
});

describe('sign-in throttling under concurrency', () => {
  it('lets exactly five of 40 concurrent wrong passwords be checked; the other 35 get 429', async () => {
    const source = newSource();
    const results = statuses(
      await Promise.all(Array.from({ length: 40 }, () => signIn(source, demo.clientA.phone, 'wrong-guess'))),
    );
    expect(count(results, 400)).toBe(5);
    expect(count(results, 429)).toBe(35);
    // The owner, elsewhere, is unaffected.
    expect((await signIn(newSource(), demo.clientA.phone, demo.clientA.password)).status).toBe(201);
  });

  it('refuses the right password among 30 concurrent guesses once the budget is spent', async () => {
    const source = newSource();
    const phone = '+15550100004';
    const spent = statuses(await Promise.all(Array.from({ length: 5 }, () => signIn(source, phone, 'wrong-guess'))));
    expect(spent).toEqual([400, 400, 400, 400, 400]);
    const guesses = Array.from({ length: 30 }, (_, index) => (index === 17 ? 'Client#2026' : `guess-${index}`));
    const results = statuses(await Promise.all(guesses.map((password) => signIn(source, phone, password))));
    expect(results).toEqual(Array.from({ length: 30 }, () => 429));
  });

  it('checks at most five of 40 concurrent guesses hiding the right password', async () => {
    const source = newSource();
    const phone = '+15550100003';
    const guesses = Array.from({ length: 40 }, (_, index) => (index === 20 ? demo.clientB.password : `guess-${index}`));
    const results = statuses(await Promise.all(guesses.map((password) => signIn(source, phone, password))));
    if (results.includes(201)) {
      // The right one was among the first five checked: the owner's success clears the
      // phone-and-source count, so at most four more can be checked after it.
      expect(count(results, 201)).toBe(1);
      expect(count(results, 400)).toBeLessThanOrEqual(8);
    } else {
      expect(count(results, 400)).toBe(5);
      expect(count(results, 429)).toBe(35);
    }
  });
});

describe('password spraying from one source', () => {
  it('answers 429 once a source has tried 20 phones, while the owner elsewhere signs in', async () => {
    const sprayer = newSource();
    const phones = Array.from({ length: 30 }, (_, index) => `+1555021${String(index).padStart(4, '0')}`);
    const results = statuses(await Promise.all(phones.map((phone) => signIn(sprayer, phone, 'Summer#2026'))));
    expect(count(results, 400)).toBe(20);
    expect(count(results, 429)).toBe(10);
    // The source is spent for every phone, the admin's included…
    expect((await signIn(sprayer, demo.admin.phone, demo.admin.password)).status).toBe(429);
    // …but the admin from anywhere else is not.
    expect((await signIn(newSource(), demo.admin.phone, demo.admin.password)).status).toBe(201);
  });

  it('does not count successful sign-ins against the source', async () => {
    const office = newSource();
    for (let attempt = 0; attempt < 25; attempt += 1) {
      expect((await signIn(office, demo.clientB.phone, demo.clientB.password)).status).toBe(201);
    }
  });
});

describe('guessing one phone from many sources', () => {
  it('locks the phone after 30 attempts from everywhere, and a password reset lifts the lock', async () => {
    const phone = '+15550100007'; // Amira, a seeded client
    for (let source = 0; source < 6; source += 1) {
      const attacker = newSource();
      const results = statuses(await Promise.all(Array.from({ length: 5 }, () => signIn(attacker, phone, 'guess'))));
      expect(results).toEqual([400, 400, 400, 400, 400]);
    }
    // 30 spent: even the owner, from a fresh source, must wait or reset the password.
    const owner = newSource();
    expect((await signIn(owner, phone, 'Client#2026')).status).toBe(429);

    const code = await codeSentBy(stack.tableName, phone, async () => {
      expect((await at(owner).request('POST', '/api/auth/forgot-password', { body: { phone } })).status).toBe(202);
    });
    const reset = await at(owner).request('POST', '/api/auth/reset-password', {
      body: { phone, code, password: 'Renewed#2026' },
    });
    expect(reset.status).toBe(204);
    expect((await signIn(owner, phone, 'Renewed#2026')).status).toBe(201);
  });
});
