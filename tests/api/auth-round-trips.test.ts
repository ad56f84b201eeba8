import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { db } from '@orbit/functions/core/db';

import type { LocalStack } from '../../infra/local/stack';
import { readBudget, writeBudget } from '../bench/round-trips';
import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { backgroundWorkSettled } from '../support/background-work';
import { fromSource, newSource, type SourceResponse } from '../support/from-source';
import { codeIn, waitForSms } from '../support/sent-messages';

/**
 * What the auth routes cost in DynamoDB calls, counted at the SDK client the handlers use (the
 * local stack runs them in this process): a typical call stays within the budgets of
 * `npm run bench round-trips`, and a phone without an account costs exactly the calls of one
 * with an account (docs/decisions.md, "Attempt budgets in one round trip").
 */

let stack: LocalStack;
let commands: string[] = [];

/** The DynamoDB commands a call sends, sorted (calls made in parallel come in any order). */
const commandsOf = async (call: () => Promise<{ status: number }>, status: number): Promise<string[]> => {
  // What the previous call queued (a new contact's events, a code's sending) runs first, not
  // inside this call's count.
  await backgroundWorkSettled(stack.tableName);
  commands = [];
  const response = await call();
  expect(response.status).toBe(status);
  return [...commands].sort();
};
const post = (path: string, body?: unknown, source = newSource()): Promise<SourceResponse> =>
  fromSource(stack.url, source).request('POST', path, { body });

beforeAll(async () => {
  stack = await startApiStack();
  db().middlewareStack.add(
    (next, context) => (args) => {
      // The background worker runs in this process too and may be sending a code the call
      // before caused: its reads and writes of jobs are not the route's. The route's own job
      // writes ride in its transaction, which is always counted. Nor are the local SES events'
      // lookups of the mail or the mailing a stored email belongs to (MAILSES#, MAILINGSES#: a
      // reset code's email is neither).
      const name = String(context.commandName);
      const workersOwn =
        name !== 'TransactWriteItemsCommand' && /"(JOBS?|MAILSES|MAILINGSES)#/.test(JSON.stringify(args.input));
      if (!workersOwn) commands.push(name);
      return next(args);
    },
    { step: 'initialize', name: 'authRoundTripCounter' },
  );
});
afterAll(async () => {
  await stack.stop();
});

describe('DynamoDB calls per auth route', () => {
  it('keeps every typical call within the budget (reads ≤ 3, writes ≤ 4)', async () => {
    const browser = new ApiClient(stack.url);
    const signIn = await commandsOf(() => browser.signIn(demo.admin.phone, demo.admin.password), 201);
    const me = await commandsOf(() => browser.request('GET', '/api/auth/me'), 200);
    const refresh = await commandsOf(() => browser.request('POST', '/api/auth/refresh', { token: null }), 200);
    const logout = await commandsOf(() => browser.request('POST', '/api/auth/logout'), 204);
    const register = await commandsOf(
      () =>
        post('/api/auth/register', {
          fullName: 'Round Trip',
          phone: '+15550161001',
          email: 'round.trip@example.com',
          password: 'Round#2026',
        }),
      201,
    );
    const forgot = await commandsOf(() => post('/api/auth/forgot-password', { phone: demo.clientA.phone }), 202);
    const reset = await commandsOf(
      () => post('/api/auth/reset-password', { phone: demo.clientA.phone, code: '000000', password: 'Other#2026' }),
      400,
    );

    expect(me.length).toBeLessThanOrEqual(readBudget);
    for (const write of [signIn, refresh, logout, register, forgot, reset]) {
      expect(write.length).toBeLessThanOrEqual(writeBudget);
    }
    // The code, its issue budgets and its sending (the SMS and email jobs) are one transaction.
    expect(forgot.filter((name) => name !== 'GetItemCommand')).toEqual(['TransactWriteItemsCommand']);
    // The attempt budgets are one transaction, whatever their number.
    expect(signIn.filter((name) => name !== 'GetItemCommand')).toEqual([
      'TransactWriteItemsCommand',
      'TransactWriteItemsCommand',
    ]);
  });

  it('costs the same calls for a phone without an account as for one with', async () => {
    const known = demo.clientB.phone;
    const unknown = '+15550161999';
    const same = async (path: string, bodyFor: (phone: string) => unknown, status: number) => {
      const forKnown = await commandsOf(() => post(path, bodyFor(known)), status);
      const forUnknown = await commandsOf(() => post(path, bodyFor(unknown)), status);
      expect(forUnknown).toEqual(forKnown);
    };
    await same('/api/auth/login', (phone) => ({ phone, password: 'Wrong#2026' }), 400);
    await same('/api/auth/forgot-password', (phone) => ({ phone }), 202);
    const sent = codeIn((await waitForSms(known, 1)).at(-1)?.text);
    const code = sent === '000000' ? '111111' : '000000';
    await same('/api/auth/reset-password', (phone) => ({ phone, code, password: 'Other#2026' }), 400);
  });
});
