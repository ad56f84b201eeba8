import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatsAndContactsResponse, OpenChatResponse } from '@orbit/functions/chat/contract';
import {
  applyDelivery,
  applyMessageToList,
  applyReceipt,
  applyStatusToList,
  markChatOpened,
  prependOlder,
  upsertMessage,
} from './chat-cache';

const message = (
  id: string,
  senderId: string,
  feedback = { isSent: true, isDelivered: false, isSeen: false },
): ChatMessage => ({
  id,
  senderId,
  message: `text ${id}`,
  time: '2026-03-01T09:00:00.000Z',
  feedback,
});
const contact = (id: string, status: 'online' | 'away' = 'online') => ({
  id,
  fullName: id,
  role: 'client',
  about: '',
  avatar: null,
  status,
});

const open = (messages: ChatMessage[]): OpenChatResponse => ({
  chat: { id: 1, userId: 'them', unseenMsgs: 0, messages, nextCursor: 'C' },
  contact: contact('them'),
});

const list = (): ChatsAndContactsResponse => ({
  chatsContacts: [
    { ...contact('a'), chat: { id: 1, unseenMsgs: 0, lastMessage: message('05', 'a') } },
    { ...contact('b'), chat: { id: 2, unseenMsgs: 2, lastMessage: message('03', 'b') } },
  ],
  contacts: [contact('a'), contact('b'), contact('c')],
  profileUser: { ...contact('me'), settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true } },
});

describe('live updates of the chat cache', () => {
  it('inserts a pushed message in order and never twice', () => {
    const next = upsertMessage(
      upsertMessage(open([message('01', 'me'), message('03', 'me')]), message('02', 'them'), 'me'),
      message('02', 'them'),
      'me',
    );
    expect(next?.chat?.messages.map((m) => m.id)).toEqual(['01', '02', '03']);
  });

  it('keeps ticks that arrived before the message, and never moves them back', () => {
    const early = applyReceipt(open([message('01', 'me')]), 'me', { deliveredUpTo: '02', seenUpTo: null });
    const arrived = upsertMessage(early, message('02', 'me'), 'me');
    expect(arrived?.chat?.messages.at(-1)?.feedback).toEqual({ isSent: true, isDelivered: true, isSeen: false });
    const seen = applyReceipt(arrived, 'me', { deliveredUpTo: '02', seenUpTo: '02' });
    const stale = upsertMessage(seen, message('02', 'me'), 'me');
    expect(stale?.chat?.messages.at(-1)?.feedback).toEqual({ isSent: true, isDelivered: true, isSeen: true });
  });

  it('prepends an older page without repeats and takes its cursor', () => {
    const next = prependOlder(open([message('03', 'me')]), {
      messages: [message('01', 'me'), message('03', 'me')],
      nextCursor: null,
    });
    expect(next?.chat?.messages.map((m) => m.id)).toEqual(['01', '03']);
    expect(next?.chat?.nextCursor).toBeNull();
  });

  it("ticks my messages up to the contact's receipts, and only mine", () => {
    const next = applyReceipt(open([message('01', 'me'), message('02', 'them'), message('03', 'me')]), 'me', {
      deliveredUpTo: '03',
      seenUpTo: '01',
    });
    expect(next?.chat?.messages.map((m) => m.feedback)).toEqual([
      { isSent: true, isDelivered: true, isSeen: true },
      { isSent: true, isDelivered: false, isSeen: false },
      { isSent: true, isDelivered: true, isSeen: false },
    ]);
  });

  it('moves a chat with a new message to the top and counts it unseen when not watched', () => {
    const next = applyMessageToList(list(), {
      contactId: 'b',
      chatId: 2,
      msg: message('09', 'b'),
      countsAsUnseen: true,
    });
    expect(next !== 'unknown' && next?.chatsContacts.map((c) => [c.id, c.chat.unseenMsgs])).toEqual([
      ['b', 3],
      ['a', 0],
    ]);
  });

  it('starts a chat for a contact without one, and reports a stranger', () => {
    const next = applyMessageToList(list(), {
      contactId: 'c',
      chatId: 7,
      msg: message('09', 'c'),
      countsAsUnseen: false,
    });
    expect(next !== 'unknown' && next?.chatsContacts[0]).toMatchObject({ id: 'c', chat: { id: 7, unseenMsgs: 0 } });
    expect(
      applyMessageToList(list(), { contactId: 'zz', chatId: 8, msg: message('09', 'zz'), countsAsUnseen: true }),
    ).toBe('unknown');
  });

  it('clears the badge of an opened chat and applies status changes everywhere', () => {
    expect(markChatOpened(list(), 'b')?.chatsContacts[1]?.chat.unseenMsgs).toBe(0);
    const next = applyStatusToList(list(), 'a', 'away');
    expect(next?.chatsContacts[0]?.status).toBe('away');
    expect(next?.contacts[0]?.status).toBe('away');
  });
});

describe('a channel reply’s delivery', () => {
  it('updates the ticks of that message only, and ignores one older than the chat shows', () => {
    const open: OpenChatResponse = {
      chat: {
        id: 1,
        userId: 'lead',
        unseenMsgs: 0,
        messages: [message('01A', 'me'), message('01B', 'me')],
        nextCursor: null,
      },
      contact: contact('lead'),
    };
    const failed = applyDelivery(open, '01B', { status: 'failed', error: 'blocked' });
    expect(failed?.chat?.messages.map((item) => item.delivery)).toEqual([
      undefined,
      { status: 'failed', error: 'blocked' },
    ]);
    expect(applyDelivery(open, '01', { status: 'sent' })).toBe(open);
  });

  it('keeps the delivery of a reply that has not arrived yet, and gives it to the reply when it does', () => {
    const open: OpenChatResponse = {
      chat: { id: 1, userId: 'lead', unseenMsgs: 0, messages: [message('01A', 'me')], nextCursor: null },
      contact: contact('lead'),
    };
    const early = applyDelivery(open, '01B', { status: 'failed', error: 'blocked' });
    expect(early?.chat?.messages.map((item) => item.id)).toEqual(['01A']);
    const answered = upsertMessage(early, { ...message('01B', 'me'), delivery: { status: 'queued' } }, 'me');
    expect(answered?.chat?.messages.map((item) => item.delivery)).toEqual([
      undefined,
      { status: 'failed', error: 'blocked' },
    ]);
    expect(answered?.earlyDeliveries).toEqual({});
  });

  it('keeps an outcome when the send’s answer (queued) arrives after the frame that brought it', () => {
    const reply = (delivery: ChatMessage['delivery']): ChatMessage => ({ ...message('01B', 'me'), delivery });
    const open: OpenChatResponse = {
      chat: { id: 1, userId: 'lead', unseenMsgs: 0, messages: [reply({ status: 'queued' })], nextCursor: null },
      contact: contact('lead'),
    };
    const failed = applyDelivery(open, '01B', { status: 'failed', error: 'blocked' });
    const answered = upsertMessage(failed, reply({ status: 'queued' }), 'me');
    expect(answered?.chat?.messages[0]?.delivery).toEqual({ status: 'failed', error: 'blocked' });
    // A later stage still moves it on: sent after queued, an outcome after sent.
    const sent = upsertMessage(open, reply({ status: 'sent' }), 'me');
    expect(sent?.chat?.messages[0]?.delivery).toEqual({ status: 'sent' });
    expect(upsertMessage(sent, reply({ status: 'delivered' }), 'me')?.chat?.messages[0]?.delivery).toEqual({
      status: 'delivered',
    });
  });
});
