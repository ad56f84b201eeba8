import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, captureProcessOutput, demo, startApiStack } from '../support/api-stack';
import { codeIn, codeSentBy, resetJobsTo, waitForEmails } from '../support/sent-messages';

/**
 * A reset code goes out as background work (docs/decisions.md, "Reset codes through background
 * work"): the request writes one job per channel, sealed, and the worker sends it by SMS (the
 * local outbox) and by email (the local SES server). The code is in no log line of the request
 * or of the worker, and in no item of the table. Every log level is on, as a debugging
 * deployment would run.
 */
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

let stack: LocalStack;
let logged: string[] = [];

beforeAll(async () => {
  stack = await startApiStack();
  logged = captureProcessOutput();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack.stop();
});

/** The demo client's profile as the API gives it (its email is where the code also goes). */
const profileOf = async (who: { phone: string; password: string }) => {
  const response = await new ApiClient(stack.url).signIn(who.phone, who.password);
  return response.body.userData as unknown as { email: string; phone: string };
};

describe('a reset code', () => {
  it('arrives by SMS and by email with the same code, from the notifications sender', async () => {
    const { phone, email } = await profileOf(demo.clientA);
    const code = await codeSentBy(stack.tableName, phone, async () => {
      const response = await new ApiClient(stack.url).request('POST', '/api/auth/forgot-password', {
        body: { phone },
      });
      expect(response.status).toBe(202);
    });
    expect(code).toMatch(/^\d{6}$/);

    const emails = await waitForEmails(stack.mailStoreUrl, email, 1);
    const received = emails.find((message) => codeIn(message.body.text) === code);
    expect(received).toMatchObject({ subject: 'Your Orbit password reset code' });
    expect(received?.from).toContain('no-reply@orbit.local');

    // The code works.
    const reset = await new ApiClient(stack.url).request('POST', '/api/auth/reset-password', {
      body: { phone, code, password: 'Delivered#2026' },
    });
    expect(reset.status).toBe(204);
  });

  it('is in no log line and, sealed, in no item of the table', async () => {
    const { phone, email } = await profileOf(demo.clientB);
    const logsBefore = logged.length;
    const code = await codeSentBy(stack.tableName, phone, () =>
      new ApiClient(stack.url).request('POST', '/api/auth/forgot-password', { body: { phone } }),
    );
    await waitForEmails(stack.mailStoreUrl, email, 1);

    const jobs = [...(await resetJobsTo(stack.tableName, phone)), ...(await resetJobsTo(stack.tableName, email))];
    expect(jobs.map((job) => (job.payload as { channel: string }).channel).sort()).toEqual(['email', 'sms']);
    for (const job of jobs) {
      const raw = JSON.stringify(job);
      expect(raw).not.toContain(code);
      expect(raw).not.toMatch(/reset code is/i);
      expect((job.payload as { sealedText: string }).sealedText).toMatch(/^aes:/);
    }

    // Every record the request and the worker wrote, except the development print of the
    // SMS itself (what stands in for the phone on this machine).
    const records = logged
      .slice(logsBefore)
      .flatMap((chunk) => chunk.split('\n'))
      .filter(Boolean)
      .filter((line) => !line.includes('"developmentOnly":true'));
    expect(records.join('\n')).not.toContain(code);
    expect(logged.slice(logsBefore).join('')).toContain('"developmentOnly":true');
  });
});
