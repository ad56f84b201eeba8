// Resolves the module the declaration below augments (needed when another workspace compiles this file).
import type {} from '../core/jobs/records';
import type { ChannelConfigs, ChannelCounts, ChannelLastTest, ChannelStatus, ChannelType } from './contract';

/** A channel as stored: the public fields, plus its sealed secrets (never sent to a browser). */
interface StoredChannelBase<T extends ChannelType> {
  readonly id: string;
  readonly type: T;
  readonly name: string;
  readonly status: ChannelStatus;
  readonly lastError: string | null;
  readonly lastActivityAt: string | null;
  readonly counts: ChannelCounts;
  /** Failed sends in a row: at `failingAfter` the channel shows as failing; a success resets it. */
  readonly consecutiveFailures: number;
  readonly ownerId: string;
  readonly config: ChannelConfigs[T];
  readonly secretHint: string | null;
  /** The bot token (Telegram) or the signing secret (webhook), sealed (core/secret-box.ts). */
  readonly sealedSecret?: string;
  /** Telegram: the secret_token Telegram sends with every update, sealed. */
  readonly sealedHookToken?: string;
  readonly lastTest: ChannelLastTest | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

export type ChannelRecord = { [T in ChannelType]: StoredChannelBase<T> }[ChannelType];

/** Failed sends in a row after which a channel shows as failing. */
export const failingAfter = 3;

/** A test message through a channel (job 'channel.test'). */
export interface ChannelTestPayload {
  readonly channelId: string;
  /** A Telegram chat id, an email address or a phone; none for a webhook (its outbound URL). */
  readonly to?: string;
  readonly requestedBy: string;
}

/** A removed Telegram channel's webhook, to delete (job 'channel.unhook'); the token stays sealed. */
export interface ChannelUnhookPayload {
  readonly channelId: string;
  readonly sealedToken: string;
}

declare module '../core/jobs/records' {
  interface JobPayloads {
    'channel.test': ChannelTestPayload;
    'channel.unhook': ChannelUnhookPayload;
  }
}
