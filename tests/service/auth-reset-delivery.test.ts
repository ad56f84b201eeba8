import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { requestPasswordReset, resetPassword } from '@orbit/functions/auth/service';
import { getUserByPhone } from '@orbit/functions/core/users/repository';

import { captureProcessOutput, demo } from '../support/api-stack';
import { codeIn, emailsTo } from '../support/sent-messages';

import { codeSentBy, newSource, resetJobsTo } from './support/auth-fixtures';
import { useTestClock } from './support/clock';
import { useLocalMail } from './support/local-mail';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * A reset code goes out as background work (docs/decisions.md, "Reset codes through background
 * work"): the request writes one job per channel, sealed, and the worker sends it by SMS (the
 * local outbox) and by email (the local SES server, in this process). The code is in no log line
 * of the request or of the worker, and in no item of the table. Every log level is on, as a
 * debugging deployment would run (set before the logger is first imported).
 */
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

useTestClock();
const { mailStoreUrl } = await useLocalMail();
let logged: string[] = [];

beforeAll(async () => {
  await copySeededWorkspace();
  logged = captureProcessOutput();
});
afterAll(() => {
  vi.restoreAllMocks();
});

/** The seeded person's phone and email (where the code also goes). */
const contactOf = async (who: { phone: string }) => {
  const user = await getUserByPhone(who.phone);
  if (!user?.email) throw new Error(`no seeded person with an email at ${who.phone}`);
  return { phone: user.phone, email: user.email };
};

describe('a reset code', () => {
  it('arrives by SMS and by email with the same code, from the notifications sender', async () => {
    const { phone, email } = await contactOf(demo.clientA);
    const code = await codeSentBy(phone, () => requestPasswordReset({ phone }, newSource()));
    expect(code).toMatch(/^\d{6}$/);

    const received = (await emailsTo(mailStoreUrl, email)).find((message) => codeIn(message.body.text) === code);
    expect(received).toMatchObject({ subject: 'Your Orbit password reset code' });
    expect(received?.from).toContain('no-reply@orbit.local');

    // The code works.
    await expect(resetPassword({ phone, code, password: 'Delivered#2026' })).resolves.toBeUndefined();
  });

  it('is in no log line and, sealed, in no item of the table', async () => {
    const { phone, email } = await contactOf(demo.clientB);
    const logsBefore = logged.length;
    const code = await codeSentBy(phone, () => requestPasswordReset({ phone }, newSource()));
    expect((await emailsTo(mailStoreUrl, email)).some((message) => codeIn(message.body.text) === code)).toBe(true);

    const jobs = [...(await resetJobsTo(phone)), ...(await resetJobsTo(email))];
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
