import * as v from 'valibot';

import { isRecordId, object, queryLimit, trimInvisible } from '../core/schema';
import { channelTypes, type ChannelType } from '../core/channel-types';
import type { ContactStatus } from '../core/users/records';

export { channelTypes, type ChannelType };

/**
 * The channels contract (docs/channels.md), imported by the web app too: so this file imports
 * no server code. A channel is a way the workspace talks to the outside (a Telegram bot, a
 * generic webhook, email, SMS). Secrets (a bot token, a signing secret) are accepted here and
 * never appear in any response: only `secretHint`, their last four characters.
 */

export const channelStatuses = ['active', 'paused', 'failing'] as const;
export type ChannelStatus = (typeof channelStatuses)[number];

export const channelTestStatuses = ['pending', 'sent', 'failed'] as const;
export type ChannelTestStatus = (typeof channelTestStatuses)[number];

/** Public, type-specific settings (nothing secret). */
export interface TelegramChannelConfig {
  /** From getMe, without '@'. */
  readonly botUsername: string;
  /** Where Telegram posts updates (set with setWebhook). */
  readonly webhookUrl: string;
}
export interface WebhookChannelConfig {
  /** Where the outside system posts inbound messages, signed (Standard Webhooks). */
  readonly inboundUrl: string;
  /** Where replies are POSTed, signed with the same secret. */
  readonly outboundUrl: string;
}
export interface EmailChannelConfig {
  readonly fromAddress: string;
  readonly fromName: string;
}
export interface SmsChannelConfig {
  readonly senderId?: string;
}
export interface ChannelConfigs {
  readonly telegram: TelegramChannelConfig;
  readonly webhook: WebhookChannelConfig;
  readonly email: EmailChannelConfig;
  readonly sms: SmsChannelConfig;
}

export interface ChannelCounts {
  readonly inbound: number;
  readonly outbound: number;
  readonly failed: number;
}

export interface ChannelLastTest {
  readonly status: ChannelTestStatus;
  /** ISO 8601: when it was asked for, then when it finished. */
  readonly at: string;
  readonly error?: string;
}

interface ChannelBase<T extends ChannelType> {
  readonly id: string;
  readonly type: T;
  readonly name: string;
  readonly status: ChannelStatus;
  /** Why it is failing (the provider's answer, never a secret). */
  readonly lastError: string | null;
  /** ISO 8601 of the last message in or out. */
  readonly lastActivityAt: string | null;
  readonly counts: ChannelCounts;
  /** The admin whose chat receives this channel's conversations. */
  readonly ownerId: string;
  readonly config: ChannelConfigs[T];
  /** The last 4 characters of its secret (bot token, signing secret); null for email and SMS. */
  readonly secretHint: string | null;
  readonly lastTest: ChannelLastTest | null;
  readonly createdAt: string;
  readonly version: number;
}

/** A channel as the browser sees it: a union on `type`, so `config` narrows with it. */
export type Channel = { [T in ChannelType]: ChannelBase<T> }[ChannelType];

export const channelNameLimits = { min: 1, max: 80 } as const;
/** A workspace keeps a handful of channels: the list reads them whole (one Query). */
export const maxChannels = 100;

const channelName = v.pipe(
  v.string('Name is required'),
  trimInvisible(),
  v.minLength(channelNameLimits.min, 'Name is required'),
  v.maxLength(channelNameLimits.max, `Name must be at most ${channelNameLimits.max} characters`),
);

/** Telegram bot tokens look like `123456789:AA…` (digits, colon, 30+ url-safe characters). */
export const telegramTokenPattern = /^\d{3,20}:[\w-]{20,100}$/;
const botToken = v.pipe(
  v.string('Bot token is required'),
  v.trim(),
  v.regex(telegramTokenPattern, 'This does not look like a bot token (from @BotFather: 123456789:AA…)'),
);

const httpUrl = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.maxLength(2000, `${field} must be at most 2000 characters`),
    v.check((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, `${field} must be an http(s) URL`),
  );

const emailAddress = v.pipe(
  v.string('Sender address is required'),
  v.trim(),
  v.maxLength(254, 'Sender address must be at most 254 characters'),
  v.email('Sender address must be an email address'),
);
const fromName = v.pipe(
  v.string('Sender name is required'),
  trimInvisible(),
  v.minLength(1, 'Sender name is required'),
  v.maxLength(80, 'Sender name must be at most 80 characters'),
);
/** An SMS sender id: 3–11 letters or digits (what carriers accept as an alphanumeric sender). */
const senderId = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9]{3,11}$/, 'Sender id is 3 to 11 letters or digits'));
const ownerId = v.pipe(v.string('Choose an admin'), v.check(isRecordId, 'Choose an admin'));

/** POST /api/apps/channels: connect a channel; the fields depend on `type`. */
export const connectChannelRequest = v.variant(
  'type',
  [
    object({ type: v.literal('telegram'), name: channelName, botToken, ownerId: v.optional(ownerId) }),
    object({
      type: v.literal('webhook'),
      name: channelName,
      outboundUrl: httpUrl('Outbound URL'),
      ownerId: v.optional(ownerId),
    }),
    object({
      type: v.literal('email'),
      name: channelName,
      fromAddress: emailAddress,
      fromName,
      ownerId: v.optional(ownerId),
    }),
    object({ type: v.literal('sms'), name: channelName, senderId: v.optional(senderId), ownerId: v.optional(ownerId) }),
  ],
  `Type must be one of: ${channelTypes.join(', ')}`,
);
export type ConnectChannelRequest = v.InferInput<typeof connectChannelRequest>;

export interface ConnectChannelResponse {
  readonly channel: Channel;
  /**
   * Webhook channels only: the inbound signing secret (Standard Webhooks, `whsec_…`), shown
   * this once. It is never returned again; a new one means connecting again.
   */
  readonly signingSecret?: string;
}

/**
 * PATCH /api/apps/channels/{id}: any of name, owner and the type's public settings, and for a
 * Telegram bot a new token (checked with getMe, the webhook set again). `version` is the one
 * read (stale → 409).
 */
export const updateChannelRequest = v.pipe(
  object({
    version: v.pipe(
      v.number('version is required'),
      v.integer('version is required'),
      v.minValue(1, 'version is required'),
    ),
    name: v.optional(channelName),
    ownerId: v.optional(ownerId),
    botToken: v.optional(botToken),
    outboundUrl: v.optional(httpUrl('Outbound URL')),
    fromAddress: v.optional(emailAddress),
    fromName: v.optional(fromName),
    senderId: v.optional(v.union([senderId, v.literal('')], 'Sender id is 3 to 11 letters or digits')),
  }),
);
export type UpdateChannelRequest = v.InferInput<typeof updateChannelRequest>;

/** pause / resume / delete may carry the version read (stale → 409); without it, the current one. */
export const channelVersionRequest = object({
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

/**
 * POST /api/apps/channels/{id}/test: a test message to yourself. `to` is where: a Telegram chat
 * id, an email address or a phone number; absent, the caller's own email / phone (webhook
 * channels post to their outbound URL and need no `to`).
 */
export const testChannelRequest = object({
  to: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'Recipient is required'),
      v.maxLength(254, 'Recipient must be at most 254 characters'),
    ),
  ),
});
export type TestChannelRequest = v.InferInput<typeof testChannelRequest>;

export interface ChannelResponse {
  readonly channel: Channel;
}
export interface ChannelsResponse {
  readonly channels: Channel[];
}

/** The lead board (GET /api/apps/channels/leads): the lead stages in board order. */
export const leadBoardColumns = [
  'contact_received',
  'interest_shown',
  'success',
  'closed',
] as const satisfies readonly ContactStatus[];
export type LeadBoardColumn = (typeof leadBoardColumns)[number];
export const isLeadBoardColumn = (status: string): status is LeadBoardColumn =>
  (leadBoardColumns as readonly string[]).includes(status);

export interface LeadCard {
  readonly id: string;
  readonly fullName: string;
  readonly avatar: string | null;
  readonly role: string;
  readonly status: LeadBoardColumn;
  /** Where the lead came from (its first channel), if a channel. */
  readonly channel: { readonly id: string; readonly type: ChannelType; readonly name: string } | null;
}

export interface LeadBoardResponse {
  readonly columns: { readonly status: LeadBoardColumn; readonly count: number; readonly leads: LeadCard[] }[];
}

/** GET /api/apps/channels/work: background jobs that need an admin (dead or unknown outcome). */
export interface WorkItem {
  readonly id: string;
  readonly kind: string;
  readonly label: string;
  readonly status: 'dead' | 'unknown';
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}
export interface WorkResponse {
  readonly items: WorkItem[];
  /** Pass back as ?cursor= for older items; absent on the last page. */
  readonly cursor?: string;
}

export const workQuery = object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(500))),
  limit: v.optional(queryLimit(100)),
});

/** POST /api/hooks/webhook/{channelId}: what an outside system posts (signed). */
export const inboundWebhookMessage = object({
  messageId: v.pipe(v.string('messageId is required'), v.minLength(1, 'messageId is required'), v.maxLength(200)),
  from: object({
    id: v.pipe(v.string('from.id is required'), v.minLength(1, 'from.id is required'), v.maxLength(200)),
    name: v.pipe(
      v.string('from.name is required'),
      trimInvisible(),
      v.minLength(1, 'from.name is required'),
      v.maxLength(120),
    ),
    phone: v.optional(v.pipe(v.string(), v.maxLength(40))),
    email: v.optional(v.pipe(v.string(), v.maxLength(254))),
  }),
  text: v.optional(v.pipe(v.string(), v.maxLength(4000))),
  attachments: v.optional(
    v.pipe(
      v.array(
        object({
          name: v.optional(v.pipe(v.string(), v.maxLength(200))),
          url: v.optional(v.pipe(v.string(), v.maxLength(2000))),
          type: v.optional(v.pipe(v.string(), v.maxLength(100))),
        }),
      ),
      v.maxLength(20),
    ),
  ),
});
export type InboundWebhookMessage = v.InferOutput<typeof inboundWebhookMessage>;

/** What the outbound URL receives for a reply (signed with the channel's secret). */
export interface OutboundWebhookMessage {
  readonly type: 'message' | 'test';
  readonly messageId: string;
  readonly to: { readonly id: string } | null;
  readonly text: string;
  readonly channelId: string;
  readonly sentAt: string;
}

export const channelMessages = {
  notFound: 'Channel not found',
  stale: 'This channel was changed by someone else. Review the current version and try again.',
  limit: `A workspace can hold at most ${maxChannels} channels`,
  botTokenRejected: 'Telegram did not accept this bot token',
  telegramUnreachable: 'Telegram could not be reached; try again',
  ownerNotAdmin: 'The owner must be a staff member who may read channels',
  paused: 'This channel is paused',
  noRecipient: 'Give a recipient for the test message',
} as const;
