import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { PermanentJobError } from '../core/jobs/errors';
import type { JobContext } from '../core/jobs/definition';
import type { JobRecord } from '../core/jobs/records';
import { forgetSecretKeys, newLocalSecretKey, sealSecret } from '../core/secret-box';
import { localSmsOutbox } from '../core/transports/sms';
import { authJobs } from './jobs';
import { requireResetChannels, resetChannels, ResetUnavailableError } from './reset-delivery';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

beforeAll(() => {
  const file = join(mkdtempSync(join(tmpdir(), 'auth-jobs-')), 'secrets.key');
  writeFileSync(file, newLocalSecretKey(), { mode: 0o600 });
  process.env.SECRETS_KEY_FILE = file;
  forgetSecretKeys();
});
afterAll(() => {
  delete process.env.SECRETS_KEY_FILE;
  forgetSecretKeys();
});

const resetCode = authJobs['auth.reset-code'];
const contextAt = (now: Date): JobContext => ({
  job: {} as JobRecord,
  attempt: 1,
  now,
  signal: new AbortController().signal,
});
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

describe('the reset-code job', () => {
  it('opens the sealed message and sends it by SMS, keeping only the message id as its result', async () => {
    const sealedText = await sealSecret('Your Orbit password reset code is 424242.', 'job');
    const result = await resetCode.run(
      { channel: 'sms', to: '+15550177001', sealedText, expiresAt: inAMinute() },
      contextAt(new Date()),
    );
    expect(localSmsOutbox.at(-1)).toMatchObject({ to: '+15550177001', text: expect.stringContaining('424242') });
    expect(JSON.stringify(result)).not.toContain('424242');
    expect(resetCode.delivery).toBe('at-most-once');
  });

  it('gives up at once on a code that expired before it could be sent', async () => {
    const sent = localSmsOutbox.length;
    const run = resetCode.run(
      { channel: 'sms', to: '+15550177002', sealedText: 'aes:irrelevant', expiresAt: new Date().toISOString() },
      contextAt(new Date(Date.now() + 1000)),
    );
    await expect(run).rejects.toBeInstanceOf(PermanentJobError);
    expect(localSmsOutbox.length).toBe(sent);
  });
});

describe('reset channels', () => {
  it('are both open on one machine, and on Lambda only those configured', () => {
    expect(resetChannels({})).toEqual({ sms: true, email: true });
    const lambda = { AWS_LAMBDA_FUNCTION_NAME: 'orbit-auth' };
    expect(resetChannels(lambda)).toEqual({ sms: false, email: false });
    expect(resetChannels({ ...lambda, SMS_ORIGINATION_IDENTITY: 'pool-1' })).toEqual({ sms: true, email: false });
    expect(resetChannels({ ...lambda, NOTIFICATIONS_FROM_EMAIL: 'no-reply@orbit.example' })).toEqual({
      sms: false,
      email: true,
    });
  });

  it('refuse with a 503 on Lambda when neither is configured', () => {
    expect(() => requireResetChannels({ AWS_LAMBDA_FUNCTION_NAME: 'orbit-auth' })).toThrow(ResetUnavailableError);
    expect(requireResetChannels({ AWS_LAMBDA_FUNCTION_NAME: 'orbit-auth', SMS_ORIGINATION_IDENTITY: 'x' })).toEqual({
      sms: true,
      email: false,
    });
  });
});
