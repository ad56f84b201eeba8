import type { ChannelType } from '../core/channel-types';
import type { DeliveryStatus } from './contract';
// Resolves the module the declaration below augments (needed when another workspace compiles this file).
import type {} from '../core/jobs/records';

/** What the chat stores: messages and each side's view of a chat (connections: core/connections). */

/** A reply sent out through a channel: where its delivery stands (the job records it). */
export interface MessageDelivery {
  readonly status: DeliveryStatus;
  /** The provider's answer when it failed (never a secret). */
  readonly error?: string;
  /** The background job sending it (the latest one after a retry). */
  readonly jobId?: string;
}

export interface StoredMessage {
  readonly id: string;
  readonly chatId: number;
  readonly message: string;
  readonly time: string;
  readonly senderId: string;
  /** The channel it came in or went out through (a lead's conversation); absent in-app. */
  readonly channel?: ChannelType;
  /** An admin's reply to a channel contact: how its sending went. */
  readonly delivery?: MessageDelivery;
}

/**
 * A channel reply waiting to go out (job kind 'channel.deliver', written with the message in one
 * transaction; the channels area runs it and reports back through the chat service).
 */
export interface ChannelDeliveryPayload {
  readonly channelId: string;
  readonly chatId: number;
  readonly messageId: string;
  /** The admin who wrote it. */
  readonly senderId: string;
  /** The lead it goes to. */
  readonly contactId: string;
  /** The lead's address on the channel: a Telegram chat id, a webhook sender id, an email, a phone. */
  readonly to: string;
  readonly text: string;
}

declare module '../core/jobs/records' {
  interface JobPayloads {
    'channel.deliver': ChannelDeliveryPayload;
  }
}

/** How a lead is known on a channel (kept on the lead's profile; the claim item makes it unique). */
export interface ChannelIdentity {
  readonly channelId: string;
  readonly type: ChannelType;
  /** The sender's id on the channel (Telegram user id, webhook `from.id`, email, phone). */
  readonly externalId: string;
  /** Where replies go when it differs from externalId (a Telegram chat id). */
  readonly replyTo?: string;
}

export interface MembershipRecord {
  readonly ownerId: string;
  readonly contactId: string;
  readonly chatId: number;
  readonly unseenMsgs: number;
  readonly lastMessage: StoredMessage;
  /** The newest message the contact sent to the owner. */
  readonly lastIncomingId?: string;
  /** The owner's receipts of the contact's messages. */
  readonly deliveredUpTo?: string;
  readonly seenUpTo?: string;
  /** The contact's receipts of the owner's messages. */
  readonly peerDeliveredUpTo?: string;
  readonly peerSeenUpTo?: string;
  readonly createdAt: string;
}
