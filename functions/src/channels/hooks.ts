import { createHash, timingSafeEqual } from 'node:crypto';

import { AppError, UnauthorizedError, ValidationError } from '../core/errors';
import { parseWith } from '../core/http';
import { openSecret } from '../core/secret-box';
import { receiveChannelMessage } from '../chat/channel-service';
import { channelMessages, inboundWebhookMessage, type InboundWebhookMessage } from './contract';
import { getChannel, recordInbound } from './repository';
import { telegramMessageText, telegramSenderName, type TelegramUpdate } from './transports/telegram';
import { verifyWebhook } from './transports/webhook';

/**
 * The channels' inbound hooks (public routes: the channel's secret is the credential). A Telegram
 * update or a signed webhook message lands in the chat (chat/channel-service.ts); anything not
 * proven to come from the channel is refused with one answer, and nothing is stored.
 */

/** 503 with Retry-After: a paused channel takes nothing in, and the sender keeps the message. */
export class ChannelPausedError extends AppError {
  readonly status = 503;
  readonly code = 'CHANNEL_PAUSED';
  override readonly headers = { 'retry-after': '600' };
  constructor() {
    super(channelMessages.paused);
    this.name = 'ChannelPausedError';
  }
}

/** Same length whatever was sent, so the comparison is constant-time. */
const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** One answer for a missing channel and a wrong secret: a prober learns nothing. */
const refused = () => new UnauthorizedError('Not accepted');

export interface HookResult {
  readonly ok: true;
  /** False when this delivery was stored before (the sender's retry), or not a message. */
  readonly stored: boolean;
}

const isUpdate = (value: unknown): value is TelegramUpdate =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { update_id?: unknown }).update_id === 'number' &&
  Number.isSafeInteger((value as { update_id: number }).update_id);

/**
 * A Telegram update. Accepted only with the channel's secret token (X-Telegram-Bot-Api-Secret-Token,
 * compared in constant time); anything else is 401 and stores nothing. Messages (and edits) land
 * in chat; other kinds of update are acknowledged and ignored (the webhook asks for none).
 */
export const receiveTelegramHook = async (
  request: () => { channelId: string; secretToken: string | undefined; body: () => unknown },
  now = new Date(),
): Promise<HookResult> => {
  const { channelId, secretToken, body } = request();
  const channel = await getChannel(channelId);
  if (!channel || channel.type !== 'telegram' || !channel.sealedHookToken || secretToken === undefined) throw refused();
  if (!sameSecret(secretToken, await openSecret(channel.sealedHookToken, 'channel'))) throw refused();
  if (channel.status === 'paused') throw new ChannelPausedError();
  const update = body();
  if (!isUpdate(update)) throw new ValidationError({ update_id: ['update_id is required'] });
  const message = update.message ?? update.edited_message;
  if (!message || typeof message.chat?.id !== 'number') return { ok: true, stored: false };
  const externalId = String(message.from?.id ?? message.chat.id);
  const text = telegramMessageText(message);
  const result = await receiveChannelMessage(
    {
      channel: { id: channel.id, type: channel.type, ownerId: channel.ownerId },
      sender: {
        externalId,
        replyTo: String(message.chat.id),
        fullName: telegramSenderName(message.from, `Telegram ${externalId}`),
      },
      externalMessageId: String(update.update_id),
      text: update.message ? text : `[edited] ${text}`,
    },
    now,
  );
  if (result.stored) await recordInbound(channel.id, now);
  return { ok: true, stored: result.stored };
};

/** An inbound webhook message's chat text: its text and a note per attachment. */
export const webhookMessageText = (message: InboundWebhookMessage): string => {
  const notes = (message.attachments ?? []).map((attachment) =>
    ['[attachment]', attachment.name, attachment.type ? `(${attachment.type})` : undefined, attachment.url]
      .filter(Boolean)
      .join(' '),
  );
  const text = message.text?.trim() ?? '';
  const all = [text, ...notes].filter((part) => part !== '').join('\n');
  return all === '' ? '[empty message]' : all;
};

/**
 * An inbound webhook message: accepted only with a valid Standard Webhooks signature by the
 * channel's secret and a timestamp within 5 minutes (else 401, nothing stored).
 */
export const receiveWebhookHook = async (
  request: () => {
    channelId: string;
    headers: Readonly<Record<string, string | undefined>>;
    rawBody: string;
    body: () => unknown;
  },
  now = new Date(),
): Promise<HookResult> => {
  const { channelId, headers, rawBody, body } = request();
  const channel = await getChannel(channelId);
  if (!channel || channel.type !== 'webhook' || !channel.sealedSecret) throw refused();
  if (!verifyWebhook(await openSecret(channel.sealedSecret, 'channel'), rawBody, headers)) throw refused();
  if (channel.status === 'paused') throw new ChannelPausedError();
  const message = parseWith(inboundWebhookMessage, body());
  const result = await receiveChannelMessage(
    {
      channel: { id: channel.id, type: channel.type, ownerId: channel.ownerId },
      sender: {
        externalId: message.from.id,
        fullName: message.from.name,
        ...(message.from.phone ? { phone: message.from.phone } : {}),
        ...(message.from.email ? { email: message.from.email } : {}),
      },
      externalMessageId: message.messageId,
      text: webhookMessageText(message),
    },
    now,
  );
  if (result.stored) await recordInbound(channel.id, now);
  return { ok: true, stored: result.stored };
};
