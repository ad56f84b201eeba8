import { connectChannelRequest } from '@orbit/functions/channels/contract';
import { receiveTelegramHook, receiveWebhookHook } from '@orbit/functions/channels/hooks';
import { connectChannel } from '@orbit/functions/channels/service';
import { findLeadIdByIdentity } from '@orbit/functions/chat/contacts-repository';
import type { Caller } from '@orbit/functions/core/caller';
import { parseWith } from '@orbit/functions/core/http';

import type { FakeTelegram } from '../../support/fake-telegram';
import { WebhookReceiver } from '../../support/webhook-receiver';

/**
 * Channels for the background-work files: connected through the channels service as an admin's
 * request does (a Telegram bot checked and hooked on the loopback fake Telegram; a webhook
 * channel pointed at a loopback receiver), and a person writing in through the channel's hook
 * (the same functions the public hook routes call), which makes them a lead on it.
 */

/** Where the connect request came to (PUBLIC_BASE_URL, when set, wins: channels/service.ts). */
const origin = 'http://127.0.0.1:3000';

/** A new bot on the fake Telegram, connected as a Telegram channel. */
export const connectTelegramBot = async (admin: Caller, telegram: FakeTelegram, name: string) => {
  const token = telegram.addBot();
  const { channel } = await connectChannel(admin, () => ({
    input: parseWith(connectChannelRequest, { type: 'telegram', name, botToken: token }),
    origin,
  }));
  return { token, channelId: channel.id };
};

/** A Telegram user writes to the bot: the update through the channel's hook; the lead's id. */
export const writeOnTelegram = async (
  telegram: FakeTelegram,
  bot: { readonly token: string; readonly channelId: string },
  user: { readonly id: number; readonly first_name: string; readonly last_name?: string },
  text: string,
): Promise<string> => {
  const hook = telegram.webhookOf(bot.token);
  if (!hook) throw new Error('the bot has no webhook set');
  const update = telegram.textUpdate(user, text);
  const result = await receiveTelegramHook(() => ({
    channelId: bot.channelId,
    secretToken: hook.secretToken,
    body: () => update,
  }));
  if (!result.stored) throw new Error('the update was not stored');
  const lead = await findLeadIdByIdentity(bot.channelId, String(user.id));
  if (!lead) throw new Error('no lead for the Telegram user');
  return lead;
};

/** A webhook channel whose replies go to `outboundUrl`; its inbound signing secret. */
export const connectWebhookChannel = async (admin: Caller, name: string, outboundUrl: string) => {
  const { channel, signingSecret } = await connectChannel(admin, () => ({
    input: parseWith(connectChannelRequest, { type: 'webhook', name, outboundUrl }),
    origin,
  }));
  if (!signingSecret) throw new Error('a webhook channel answers its signing secret');
  return { channelId: channel.id, signingSecret };
};

/** A visitor writes through the webhook channel (a signed inbound message); the lead's id. */
export const writeThroughWebhook = async (
  channel: { readonly channelId: string; readonly signingSecret: string },
  message: {
    readonly messageId: string;
    readonly from: { readonly id: string; readonly name: string };
    readonly text: string;
  },
): Promise<string> => {
  const rawBody = JSON.stringify(message);
  const headers = WebhookReceiver.sign(channel.signingSecret, rawBody);
  const result = await receiveWebhookHook(() => ({
    channelId: channel.channelId,
    headers,
    rawBody,
    body: () => JSON.parse(rawBody) as unknown,
  }));
  if (!result.stored) throw new Error('the message was not stored');
  const lead = await findLeadIdByIdentity(channel.channelId, message.from.id);
  if (!lead) throw new Error('no lead for the visitor');
  return lead;
};
