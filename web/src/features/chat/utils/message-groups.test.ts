import { describe, expect, it } from 'vitest';
import { groupMessages, receiptOf, type LogMessage } from './message-groups';

const message = (
  id: string,
  senderId: string,
  time: string,
  feedback = { isSent: true, isDelivered: false, isSeen: false },
): LogMessage => ({
  id,
  senderId,
  time,
  message: id,
  feedback,
});

describe('the chat log', () => {
  it('groups consecutive messages by sender and separates days', () => {
    const items = groupMessages(
      [
        message('1', 'me', '2026-03-01T09:00:00'),
        message('2', 'me', '2026-03-01T09:01:00'),
        message('3', 'them', '2026-03-01T09:02:00'),
        message('4', 'them', '2026-03-02T08:00:00'),
        message('5', 'me', '2026-03-02T08:05:00'),
      ],
      'me',
    );
    expect(
      items.map((item) =>
        item.kind === 'day' ? 'day' : `${item.mine ? 'mine' : 'theirs'}:${item.messages.map((m) => m.id).join('')}`,
      ),
    ).toEqual(['day', 'mine:12', 'theirs:3', 'day', 'theirs:4', 'mine:5']);
  });

  it('reads the receipt: pending, sent, delivered, seen', () => {
    expect(receiptOf({ ...message('1', 'me', '2026-03-01T09:00:00'), pending: 'sending' })).toBe('sending');
    expect(receiptOf(message('1', 'me', '2026-03-01T09:00:00'))).toBe('sent');
    expect(
      receiptOf(message('1', 'me', '2026-03-01T09:00:00', { isSent: true, isDelivered: true, isSeen: false })),
    ).toBe('delivered');
    expect(
      receiptOf(message('1', 'me', '2026-03-01T09:00:00', { isSent: true, isDelivered: true, isSeen: true })),
    ).toBe('seen');
  });
});
