import { describe, expect, it } from 'vitest';

import { telegramMessageText, telegramSenderName, type TelegramMessage } from './telegram';

const message = (content: Record<string, unknown>): TelegramMessage => ({
  message_id: 1,
  chat: { id: 5, type: 'private' },
  ...content,
});

describe('a Telegram message as chat text', () => {
  it('is its text when it has one', () => {
    expect(telegramMessageText(message({ text: 'hello' }))).toBe('hello');
  });

  it('keeps media as a note with its caption', () => {
    expect(telegramMessageText(message({ photo: [{ file_id: 'a' }], caption: 'the office' }))).toBe(
      '[photo] the office',
    );
    expect(telegramMessageText(message({ document: { file_id: 'd', file_name: 'brief.pdf' } }))).toBe(
      '[document] brief.pdf',
    );
    expect(telegramMessageText(message({ sticker: { file_id: 's', emoji: '😀' } }))).toBe('[sticker] 😀');
    expect(telegramMessageText(message({ voice: { file_id: 'v' } }))).toBe('[voice]');
    expect(telegramMessageText(message({ video_note: { file_id: 'n' } }))).toBe('[video note]');
    expect(telegramMessageText(message({ location: { latitude: 48.85, longitude: 2.35 } }))).toBe(
      '[location] 48.85, 2.35',
    );
  });

  it('never comes out empty: an unknown kind is still noted', () => {
    expect(telegramMessageText(message({ giveaway: { chats: [] } }))).toBe('[unsupported message]');
    expect(telegramMessageText(message({ text: '   ' }))).toBe('[unsupported message]');
  });
});

describe("a Telegram sender's name", () => {
  it('is first and last name, else the username, else the fallback', () => {
    expect(telegramSenderName({ id: 1, first_name: 'Ada', last_name: 'Lovelace' }, 'x')).toBe('Ada Lovelace');
    expect(telegramSenderName({ id: 1, username: 'ada' }, 'x')).toBe('@ada');
    expect(telegramSenderName(undefined, 'Telegram 5')).toBe('Telegram 5');
  });
});
