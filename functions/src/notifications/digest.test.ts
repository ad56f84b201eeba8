import { describe, expect, it } from 'vitest';

import type { PendingEmailRecord } from '../core/notifications/records';
import { digestEmail, digestLanguageOf } from './digest-text';
import { digestLines } from './jobs';

const line = (id: string, extra: Partial<PendingEmailRecord>): PendingEmailRecord => ({
  id,
  userId: 'u1',
  event: 'message',
  actor: { id: 'u2', fullName: 'Ada Lovelace' },
  params: {},
  count: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: 0,
  ...extra,
});

describe('the email digest', () => {
  it('sums a chat’s messages into one line and keeps the other events apart', () => {
    const lines = digestLines([
      line('01B', { coalesceKey: 'chat:u2' }),
      line('01A', { coalesceKey: 'chat:u2' }),
      line('01C', { event: 'taskAssigned', params: { taskTitle: 'Logo', projectName: 'Acme' } }),
      line('01D', { coalesceKey: 'chat:u2' }),
    ]);
    expect(lines.map((entry) => [entry.event, entry.count])).toEqual([
      ['message', 3],
      ['taskAssigned', 1],
    ]);
  });

  it('is written in the user’s language, English by default', () => {
    const lines = digestLines([line('01A', { coalesceKey: 'c' }), line('01B', { coalesceKey: 'c' })]);
    expect(digestEmail('en', 'Alan', lines).subject).toBe('You have 2 new notifications on Orbit');
    expect(digestEmail('en', 'Alan', lines).text).toContain('Ada Lovelace sent you 2 messages');
    expect(digestEmail('fr', 'Alan', lines).text).toContain('Ada Lovelace vous a envoyé 2 messages');
    expect(digestEmail('ar', 'Alan', lines).subject).toBe('لديك إشعاران جديدان على Orbit');
    expect(digestLanguageOf('fr-CA')).toBe('fr');
    expect(digestLanguageOf(undefined)).toBe('en');
    expect(digestLanguageOf('de')).toBe('en');
  });

  it('names a turned-off webhook endpoint by its address, in every language', () => {
    const lines = digestLines([line('01A', { event: 'webhookDisabled', params: { url: 'https://hooks.example/in' } })]);
    expect(digestEmail('en', 'Alan', lines).text).toContain(
      'The webhook endpoint https://hooks.example/in was turned off: its deliveries kept failing',
    );
    expect(digestEmail('fr', 'Alan', lines).text).toContain('webhook https://hooks.example/in a été désactivé');
    expect(digestEmail('ar', 'Alan', lines).text).toContain('https://hooks.example/in');
  });
});
