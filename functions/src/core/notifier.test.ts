import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { developmentNotifier, localOutbox, notifier, NotifierUnavailableError, unavailableNotifier } from './notifier';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'WARN';
});

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.NOTIFIER_OUTBOX_FILE;
});

describe('notifier', () => {
  it('fails closed on Lambda and uses the development notifier elsewhere', () => {
    expect(notifier({ AWS_LAMBDA_FUNCTION_NAME: 'orbit-auth' })).toBe(unavailableNotifier);
    expect(notifier({})).toBe(developmentNotifier);
  });

  it('refuses to send on Lambda with a 503 and logs only the alarm marker', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const failure = unavailableNotifier.sendSms('+15550100001', 'Your code is 123456');
    await expect(failure).rejects.toBeInstanceOf(NotifierUnavailableError);
    await expect(failure).rejects.toMatchObject({ status: 503 });
    expect(lines.join('')).toContain('"alarm":"NotifierUnavailable"');
    expect(lines.join('')).not.toMatch(/123456|\+15550100001/);
  });

  it('locally prints the message through the logger, marked development only, and keeps it in the outboxes', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'notifier-')), 'outbox.jsonl');
    process.env.NOTIFIER_OUTBOX_FILE = file;
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    await developmentNotifier.sendSms('+15550100002', 'Your code is 654321');
    const record = JSON.parse(lines.join('')) as Record<string, unknown>;
    expect(record).toMatchObject({ level: 'WARN', developmentOnly: true, to: '+15550100002' });
    expect(String(record.message)).toMatch(/development only/);
    expect(localOutbox.at(-1)).toMatchObject({ to: '+15550100002', text: 'Your code is 654321' });
    expect(JSON.parse(readFileSync(file, 'utf8').trim())).toMatchObject({ text: 'Your code is 654321' });
  });
});
