import { describe, expect, it } from 'vitest';

import { callerFor } from '../core/caller';
import { ForbiddenError } from '../core/errors';
import {
  connectChannel,
  leadBoard,
  listChannels,
  pauseChannel,
  readChannel,
  removeChannel,
  resumeChannel,
  testChannel,
  toChannel,
  updateChannel,
} from './service';
import { webhookMessageText } from './hooks';
import type { ChannelRecord } from './records';
import { listWork, replayWork } from './work';

const callerWith = (role: string) => callerFor({ id: `${role}1`, role, fullName: 'Someone' }, 's1');

const unread = () => {
  throw new Error('the request was read');
};

describe('who may manage channels', () => {
  it('refuses a client every use case with 403 before reading the request or the store', async () => {
    const client = callerWith('client');
    await expect(listChannels(client)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(readChannel(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(connectChannel(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateChannel(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(pauseChannel(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(resumeChannel(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(removeChannel(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(testChannel(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(leadBoard(client)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listWork(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(replayWork(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('reads the request once an admin is allowed', async () => {
    await expect(connectChannel(callerWith('admin'), unread)).rejects.toThrow('the request was read');
  });
});

describe('a channel as the browser sees it', () => {
  it('carries no sealed secret, only the hint', () => {
    const record: ChannelRecord = {
      id: 'c1',
      type: 'telegram',
      name: 'Bot',
      status: 'active',
      lastError: null,
      lastActivityAt: null,
      counts: { inbound: 0, outbound: 0, failed: 0 },
      consecutiveFailures: 0,
      ownerId: 'a1',
      config: { botUsername: 'orbit_bot', webhookUrl: 'https://example.com/api/hooks/telegram/c1' },
      secretHint: 'wxyz',
      sealedSecret: 'aes:SEALED-TOKEN',
      sealedHookToken: 'aes:SEALED-HOOK',
      lastTest: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: 1,
    };
    const shown = JSON.stringify(toChannel(record));
    expect(shown).not.toContain('SEALED');
    expect(shown).not.toContain('consecutiveFailures');
    expect(toChannel(record)).toMatchObject({ type: 'telegram', secretHint: 'wxyz', config: record.config });
  });
});

describe('an inbound webhook message as chat text', () => {
  it('keeps attachments as notes, and is never empty', () => {
    expect(
      webhookMessageText({
        messageId: 'm',
        from: { id: 'f', name: 'F' },
        text: 'See attached',
        attachments: [{ name: 'a.pdf', type: 'application/pdf', url: 'https://x.example/a.pdf' }],
      }),
    ).toBe('See attached\n[attachment] a.pdf (application/pdf) https://x.example/a.pdf');
    expect(webhookMessageText({ messageId: 'm', from: { id: 'f', name: 'F' } })).toBe('[empty message]');
  });
});
