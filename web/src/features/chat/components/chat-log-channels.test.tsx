import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Contact } from '@orbit/functions/chat/contract';
import type { LogMessage } from '../utils/message-groups';
import { ChatLog } from './chat-log';

const lead = {
  id: 'lead1',
  fullName: 'Ada Lovelace',
  role: 'lead',
  about: '',
  avatar: null,
  status: 'contact_received',
  channel: 'telegram',
} as Contact;
const message = (id: string, senderId: string, extra: object = {}): LogMessage =>
  ({
    id,
    message: `Message ${id}`,
    time: '2026-11-24T09:00:00.000Z',
    senderId,
    feedback: { isSent: true, isDelivered: false, isSeen: false },
    ...extra,
  }) as LogMessage;

const renderLog = (messages: LogMessage[], onRetryDelivery = vi.fn()) => {
  render(
    <ChatLog
      me="admin1"
      contact={lead}
      messages={messages}
      nextCursor={null}
      loadingOlder={false}
      onLoadOlder={() => undefined}
      onRetry={() => undefined}
      onDiscard={() => undefined}
      onRetryDelivery={onRetryDelivery}
    />,
  );
  return onRetryDelivery;
};

describe('channel messages in the chat log', () => {
  it('marks an inbound message with its channel, by name', () => {
    renderLog([message('01A', 'lead1', { channel: 'telegram' })]);
    expect(screen.getByRole('img', { name: 'Via Telegram' })).toBeTruthy();
  });

  it('shows a reply’s delivery ticks by the channel’s answer', () => {
    renderLog([message('01B', 'admin1', { delivery: { status: 'delivered' } })]);
    expect(screen.getByRole('img', { name: 'Delivered through Telegram' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed reply as an alert with a Retry button that sends it again', () => {
    const onRetry = renderLog([
      message('01C', 'admin1', { delivery: { status: 'failed', error: 'Forbidden: bot was blocked by the user' } }),
    ]);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Not delivered.');
    expect(alert.textContent).toContain('bot was blocked');
    fireEvent.click(screen.getByRole('button', { name: 'Retry sending through Telegram' }));
    expect(onRetry).toHaveBeenCalledWith('01C');
  });

  it('says when nobody knows whether a reply arrived, and offers a retry too', () => {
    renderLog([message('01D', 'admin1', { delivery: { status: 'unknown' } })]);
    expect(screen.getByRole('status').textContent).toContain('Not known whether it arrived.');
    expect(screen.getByRole('button', { name: 'Retry sending through Telegram' })).toBeTruthy();
  });
});
