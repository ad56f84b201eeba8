import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';

import { startLocalServices } from './local-services';

const modeOf = (file: string): number => statSync(file).mode & 0o777;

describe('local services', () => {
  it('listens on loopback only, takes SES v2 sends, and keeps the key and the outbox owner-only', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbit-services-'));
    const services = await startLocalServices({ dataDir });
    try {
      expect(services.mailUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(services.environment).toMatchObject({
        AWS_ENDPOINT_URL_SESV2: services.mailUrl,
        SECRETS_KEY_FILE: join(dataDir, 'secrets.key'),
        SMS_OUTBOX_FILE: join(dataDir, 'sms-outbox.jsonl'),
      });
      expect(modeOf(services.secretsKeyFile)).toBe(0o600);
      expect(modeOf(services.smsOutboxFile)).toBe(0o600);
      expect(Buffer.from(readFileSync(services.secretsKeyFile, 'utf8'), 'base64')).toHaveLength(32);

      const ses = new SESv2Client({
        endpoint: services.mailUrl,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'no-reply@orbit.local',
          Destination: { ToAddresses: ['services-test@example.com'] },
          Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'From the test' } } } },
        }),
      );
      ses.destroy();
      const store = (await (await fetch(services.mailStoreUrl)).json()) as {
        emails: { subject: string; destination: { to: string[] } }[];
      };
      expect(store.emails.find((email) => email.destination.to.includes('services-test@example.com'))).toMatchObject({
        subject: 'Hello',
      });
    } finally {
      await services.stop();
    }
  });

  it('keeps the same secrets key across restarts of one data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbit-services-'));
    const first = await startLocalServices({ dataDir });
    const key = readFileSync(first.secretsKeyFile, 'utf8');
    await first.stop();
    const second = await startLocalServices({ dataDir });
    expect(readFileSync(second.secretsKeyFile, 'utf8')).toBe(key);
    await second.stop();
  });

  it('gives a throwaway store private temporary files, removed when it stops', async () => {
    const services = await startLocalServices({ dataDir: ':memory:' });
    expect(modeOf(join(services.secretsKeyFile, '..'))).toBe(0o700);
    expect(modeOf(services.smsOutboxFile)).toBe(0o600);
    await services.stop();
    expect(() => statSync(services.secretsKeyFile)).toThrow();
  });
});
