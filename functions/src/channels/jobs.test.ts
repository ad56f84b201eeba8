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
import { newSigningSecret } from './transports/webhook';

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
  // One machine: a configured base may be a loopback fake over http (core/outbound-address.ts).
  process.env.ORBIT_DEVELOPMENT = '1';
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

const webhookChannel = async (outboundUrl: string): Promise<ChannelRecord> => ({
  ...(await telegramChannel()),
  type: 'webhook',
  config: { inboundUrl: 'https://example.com/api/hooks/webhook/c1', outboundUrl },
  sealedSecret: await sealSecret(newSigningSecret(), 'channel'),
});

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

describe('where a channel may send (the guarded outbound client)', () => {
  it('never calls a webhook channel’s private or metadata address: permanent, and only “not allowed” is said', async () => {
    const before = sent;
    for (const [url, refusal] of [
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is link-local'],
      ['http://10.0.0.1/hook', '10.0.0.1 is private'],
      ['http://[::169.254.169.254]/hook', '::a9fe:a9fe is IPv4-compatible'],
    ] as const) {
      const error = await sendThroughChannel(await webhookChannel(url), reply, new Date()).catch((thrown) => thrown);
      expect(error).toBeInstanceOf(PermanentJobError);
      expect((error as Error).message).toBe(`The outbound URL: Address not allowed: ${refusal}`);
    }
    // Loopback too, unless this machine allows it (npm start, the tests with a loopback receiver).
    const port = (server.address() as AddressInfo).port;
    delete process.env.WEBHOOK_ALLOW_LOOPBACK;
    await expect(
      sendThroughChannel(await webhookChannel(`http://127.0.0.1:${port}/`), reply, new Date()),
    ).rejects.toThrow('The outbound URL: Address not allowed: 127.0.0.1 is loopback');
    expect(sent).toBe(before);
  });

  it('retries a name that resolves to a refused address (its DNS may change), with the same words as any refusal', async () => {
    delete process.env.WEBHOOK_ALLOW_LOOPBACK;
    const error = await sendThroughChannel(await webhookChannel('http://localhost:1/hook'), reply, new Date()).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentJobError);
    expect(error).not.toBeInstanceOf(UnknownOutcomeError);
    expect((error as Error).message).toBe(
      'The outbound URL: Address not allowed: localhost does not resolve to a public address',
    );
  });

  it('calls a configured Telegram base on loopback only on one machine', async () => {
    const before = sent;
    delete process.env.ORBIT_DEVELOPMENT;
    try {
      await expect(sendThroughChannel(await telegramChannel(), reply, new Date())).rejects.toThrow(
        'Telegram: Use an https URL',
      );
      process.env.TELEGRAM_API_BASE_URL = process.env.TELEGRAM_API_BASE_URL!.replace('http:', 'https:');
      await expect(sendThroughChannel(await telegramChannel(), reply, new Date())).rejects.toThrow(
        /^Telegram: Address not allowed: 127\.0\.0\.1 is loopback$/,
      );
    } finally {
      process.env.ORBIT_DEVELOPMENT = '1';
      process.env.TELEGRAM_API_BASE_URL = process.env.TELEGRAM_API_BASE_URL!.replace('https:', 'http:');
    }
    expect(sent).toBe(before);
  });
});
