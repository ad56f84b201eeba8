import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { clientFrame, contactStatusUpdateRequest, messageText } from './contract';
import type { MembershipRecord, StoredMessage } from './records';
import {
  canSeeContact,
  contactRolesFor,
  feedbackFor,
  matchesFilters,
  newestFirst,
  rolesWithContacts,
  toChatMessage,
} from './rules';

const message = (id: string, senderId: string): StoredMessage => ({
  id,
  chatId: 1,
  message: 'hi',
  time: '2026-01-01T00:00:00.000Z',
  senderId,
});
const membership = (fields: Partial<MembershipRecord>): MembershipRecord => ({
  ownerId: 'me',
  contactId: 'them',
  chatId: 1,
  unseenMsgs: 0,
  lastMessage: message('01A', 'them'),
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('who sees whom', () => {
  it('lets staff of every role see staff, clients and leads, clients only staff, and nobody themself', () => {
    const admin = { id: 'a1', role: 'admin' };
    const client = { id: 'c1', role: 'client' };
    expect(canSeeContact(admin, { id: 'c2', role: 'client' })).toBe(true);
    expect(canSeeContact(admin, { id: 'l1', role: 'lead' })).toBe(true);
    expect(canSeeContact(admin, { id: 'a2', role: 'admin' })).toBe(true);
    expect(canSeeContact(admin, admin)).toBe(false);
    for (const role of ['manager', 'support', 'users', 'restricted-user']) {
      const staff = { id: 's1', role };
      expect(canSeeContact(staff, { id: 'c2', role: 'client' })).toBe(true);
      expect(canSeeContact(staff, { id: 'l1', role: 'lead' })).toBe(true);
      expect(canSeeContact(staff, { id: 'a2', role: 'admin' })).toBe(true);
      expect(canSeeContact(staff, { id: 's2', role: 'support' })).toBe(true);
      expect(canSeeContact(staff, staff)).toBe(false);
      expect(canSeeContact(client, staff)).toBe(true);
    }
    expect(canSeeContact(client, { id: 'a2', role: 'admin' })).toBe(true);
    expect(canSeeContact(client, { id: 'c2', role: 'client' })).toBe(false);
    expect(canSeeContact(client, { id: 'l1', role: 'lead' })).toBe(false);
    expect(canSeeContact({ id: 'x', role: 'lead' }, { id: 'a2', role: 'admin' })).toBe(false);
    expect(canSeeContact({ id: 'x', role: 'someone' }, { id: 'a2', role: 'admin' })).toBe(false);
  });

  it('tells a status to every role that has the person among its contacts', () => {
    const audience = (role: string) => rolesWithContacts.filter((viewer) => contactRolesFor(viewer).includes(role));
    expect(audience('client')).toEqual(['admin', 'manager', 'support', 'users', 'restricted-user']);
    expect(audience('lead')).toEqual(['admin', 'manager', 'support', 'users', 'restricted-user']);
    expect(audience('support')).toEqual(['admin', 'manager', 'support', 'users', 'restricted-user', 'client']);
  });
});

describe('filters (docs/product.md#calls)', () => {
  const contact = { fullName: 'Chloé Martin', status: 'interest_shown' as const };
  it('matches q as a case-insensitive substring of the name', () => {
    expect(matchesFilters(contact, 'CHLO')).toBe(true);
    expect(matchesFilters(contact, 'é mar')).toBe(true);
    expect(matchesFilters(contact, 'bob')).toBe(false);
    expect(matchesFilters(contact, '')).toBe(true);
  });
  it('keeps a status contained in the filter string', () => {
    expect(matchesFilters(contact, undefined, 'interest_shown,success')).toBe(true);
    expect(matchesFilters(contact, undefined, 'online,away')).toBe(false);
    expect(matchesFilters({ fullName: 'A', status: 'online' }, undefined, 'offline')).toBe(false);
    expect(matchesFilters(contact, undefined, '')).toBe(true);
  });
});

describe('receipts as feedback', () => {
  it("describes the recipient's side: the contact's receipts for my messages, mine for theirs", () => {
    const state = membership({ peerDeliveredUpTo: '01C', peerSeenUpTo: '01B', deliveredUpTo: '01D' });
    expect(feedbackFor(message('01B', 'me'), 'me', state)).toEqual({ isSent: true, isDelivered: true, isSeen: true });
    expect(feedbackFor(message('01C', 'me'), 'me', state)).toEqual({ isSent: true, isDelivered: true, isSeen: false });
    expect(feedbackFor(message('01E', 'me'), 'me', state)).toEqual({ isSent: true, isDelivered: false, isSeen: false });
    expect(feedbackFor(message('01D', 'them'), 'me', state)).toEqual({
      isSent: true,
      isDelivered: true,
      isSeen: false,
    });
    expect(feedbackFor(message('01D', 'me'), 'me')).toEqual({ isSent: true, isDelivered: false, isSeen: false });
  });
  it('treats seen as delivered', () => {
    expect(feedbackFor(message('01B', 'me'), 'me', membership({ peerSeenUpTo: '01B' })).isDelivered).toBe(true);
  });
  it('orders chats newest first', () => {
    const older = membership({ lastMessage: message('01A', 'me') });
    const newer = membership({ lastMessage: message('01B', 'me') });
    expect([older, newer].sort(newestFirst)).toEqual([newer, older]);
  });
});

describe('the contract', () => {
  it('trims a message and allows 1 to 4000 characters, an emoji counting as one', () => {
    expect(v.parse(messageText, '  hi  ')).toBe('hi');
    expect(v.safeParse(messageText, '   ').success).toBe(false);
    expect(v.safeParse(messageText, 'x'.repeat(4001)).success).toBe(false);
    expect(v.safeParse(messageText, '😀'.repeat(4000)).success).toBe(true);
  });
  it('validates a status update against docs/product.md#behaviour', () => {
    expect(v.safeParse(contactStatusUpdateRequest, { userId: 'u', status: 'contact_received' }).success).toBe(true);
    expect(v.safeParse(contactStatusUpdateRequest, { userId: 'u', status: 'busy' }).success).toBe(false);
    expect(v.safeParse(contactStatusUpdateRequest, { status: 'online' }).success).toBe(false);
  });
  it('knows the WebSocket frames a browser may send', () => {
    expect(v.safeParse(clientFrame, { action: 'typing', contactId: 'a', isTyping: true }).success).toBe(true);
    expect(v.safeParse(clientFrame, { action: 'presence', status: 'offline' }).success).toBe(false);
    expect(v.safeParse(clientFrame, { action: 'delete-everything' }).success).toBe(false);
  });
});

describe('a channel reply’s ticks', () => {
  const reply = (status: NonNullable<StoredMessage['delivery']>['status']): StoredMessage => ({
    ...message('01B', 'me'),
    channel: 'telegram',
    delivery: { status, jobId: 'j1' },
  });

  it('come from the channel’s answer, not from receipts', () => {
    const seenByPeer = membership({ peerDeliveredUpTo: '01Z', peerSeenUpTo: '01Z' });
    expect(feedbackFor(reply('queued'), 'me', seenByPeer)).toEqual({
      isSent: false,
      isDelivered: false,
      isSeen: false,
    });
    expect(feedbackFor(reply('sent'), 'me', seenByPeer)).toEqual({ isSent: true, isDelivered: false, isSeen: false });
    expect(feedbackFor(reply('delivered'), 'me')).toEqual({ isSent: true, isDelivered: true, isSeen: false });
    expect(feedbackFor(reply('failed'), 'me')).toEqual({ isSent: false, isDelivered: false, isSeen: false });
  });

  it('show the channel and the delivery (without the job id) to the browser', () => {
    expect(
      toChatMessage({ ...reply('failed'), delivery: { status: 'failed', error: 'no chat', jobId: 'j1' } }, 'me'),
    ).toMatchObject({
      channel: 'telegram',
      delivery: { status: 'failed', error: 'no chat' },
    });
    expect(JSON.stringify(toChatMessage(reply('sent'), 'me'))).not.toContain('j1');
  });
});
