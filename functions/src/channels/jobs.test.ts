import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PermanentJobError, UnknownOutcomeError } from '../core/jobs/errors';
import { forgetSecretKeys, newLocalSecretKey, sealSecret } from '../core/secret-box';
import { asJobError, sendThroughChannel } from './jobs';
import type { ChannelRecord } from './records';
import { ChannelCallError } from './transports/outcome';

/** A Telegram Bot API that answers each sendMessage with the next scripted status. */
let server: Server;
const script: number[] = [];
let sent = 0;

beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'orbit-channels-jobs-')), 'key');
  writeFileSync(file, newLocalSecretKey(), { mode: 0o600 });
  process.env.SECRETS_KEY_FILE = file;
  delete process.env.SECRETS_KEY_ARN;
  forgetSecretKeys();
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const status = script.shift() ?? 200;
      if (status === 200) sent += 1;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          status === 200
            ? { ok: true, result: { message_id: sent } }
            : { ok: false, error_code: status, description: status === 400 ? 'Bad Request: chat not found' : 'Nope' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.TELEGRAM_API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const telegramChannel = async (status: ChannelRecord['status'] = 'active'): Promise<ChannelRecord> => ({
  id: 'c1',
  type: 'telegram',
  name: 'Bot',
  status,
  lastError: null,
  lastActivityAt: null,
  counts: { inbound: 0, outbound: 0, failed: 0 },
  consecutiveFailures: 0,
  ownerId: 'a1',
  config: { botUsername: 'orbit_bot', webhookUrl: 'https://example.com/hook' },
  secretHint: 'abcd',
  sealedSecret: await sealSecret('123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAabcd', 'channel'),
  lastTest: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

const reply = { to: '42', text: 'hello', messageId: 'm1', kind: 'message' as const };

describe('sending a reply through Telegram (the channel.deliver job run)', () => {
  it('is sent once the Bot API takes it', async () => {
    await expect(sendThroughChannel(await telegramChannel(), reply, new Date())).resolves.toMatchObject({
      status: 'sent',
    });
  });

  it('a refusal (chat not found) is permanent; 429 and 5xx are retried', async () => {
    script.push(400);
    await expect(sendThroughChannel(await telegramChannel(), reply, new Date())).rejects.toBeInstanceOf(
      PermanentJobError,
    );
    script.push(429);
    const rateLimited = await sendThroughChannel(await telegramChannel(), reply, new Date()).catch((error) => error);
    expect(rateLimited).toBeInstanceOf(Error);
    expect(rateLimited).not.toBeInstanceOf(PermanentJobError);
    expect(rateLimited).not.toBeInstanceOf(UnknownOutcomeError);
  });

  it('never sends through a paused channel', async () => {
    const before = sent;
    await expect(sendThroughChannel(await telegramChannel('paused'), reply, new Date())).rejects.toThrow(
      'The channel is paused',
    );
    expect(sent).toBe(before);
  });

  it('maps an outcome nobody knows to UnknownOutcomeError (never repeated by itself)', () => {
    expect(asJobError(new ChannelCallError('unknown', 'timed out'))).toBeInstanceOf(UnknownOutcomeError);
    expect(asJobError(new ChannelCallError('permanent', 'no'))).toBeInstanceOf(PermanentJobError);
  });
});
