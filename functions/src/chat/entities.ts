import { defineEntity, type TableKey } from '../core/entity';
import { userEntity, userPartitionKey } from '../core/users/entities';
import type { MembershipRecord, StoredMessage } from './records';
import type { ScheduledMessageRecord } from './scheduled-records';

/**
 * The chat's entities (their rows in core/access-patterns.ts):
 * - membership: one per participant under the owner's user partition, the owner's view of the
 *   chat (id, unseen count, last message, receipt watermarks of both sides);
 * - pair claim: one chat per pair of people;
 * - chat counter: the chat count, so a new chat's id is count + 1;
 * - message: a chat's partition, read newest first with a cursor.
 * Open connections are every area's (core/connections/entities.ts).
 */

const membershipPrefix = 'CHATWITH#';
export const membershipEntity = defineEntity<
  MembershipRecord & { lastMessageAt?: string },
  [ownerId: string, contactId: string]
>({
  type: 'ChatMembership',
  key: (ownerId, contactId) => ({ pk: userPartitionKey(ownerId), sk: `${membershipPrefix}${contactId}` }),
  keyOf: (membership) => ({
    pk: userPartitionKey(membership.ownerId),
    sk: `${membershipPrefix}${membership.contactId}`,
  }),
});
/**
 * A person's chats and their profile in one Query: the user partition from the first chat to
 * the profile (`CHATWITH#` sorts before `PROFILE`). Whatever else sorts between them (their
 * connections) is read and dropped by a filter on the item type.
 */
export const membershipsAndProfileOf = (ownerId: string) => {
  const profile = userEntity.key(ownerId);
  return { pk: profile.pk, skPrefix: membershipPrefix, profileSk: profile.sk };
};

export const chatPairEntity = {
  type: 'ChatPair',
  key: (a: string, b: string): TableKey => {
    const [low, high] = a < b ? [a, b] : [b, a];
    return { pk: `CHATPAIR#${low}#${high}`, sk: 'PAIR' };
  },
} as const;

export const chatCounterEntity = {
  type: 'Counter',
  key: (): TableKey => ({ pk: 'COUNTER#chats', sk: 'COUNTER' }),
} as const;

const chatPartition = (chatId: number) => `CHAT#${chatId}`;
const messagePrefix = 'MSG#';
export const messageEntity = defineEntity<StoredMessage, [chatId: number, messageId: string]>({
  type: 'ChatMessage',
  key: (chatId, messageId) => ({ pk: chatPartition(chatId), sk: `${messagePrefix}${messageId}` }),
  keyOf: (message) => ({ pk: chatPartition(message.chatId), sk: `${messagePrefix}${message.id}` }),
});
/** A chat's messages: this partition, sort keys from this prefix. */
export const messagesOf = (chatId: number) => ({ pk: chatPartition(chatId), skPrefix: messagePrefix });

/**
 * A lead's identity on a channel, claimed once (`attribute_not_exists`): the same sender writing
 * twice, or two of their messages racing in, find one lead. Stored as `{ leadId }`.
 */
export const channelIdentityEntity = {
  type: 'ChannelIdentity',
  key: (channelId: string, externalId: string): TableKey => ({
    pk: `IDENTITY#${channelId}#${externalId}`,
    sk: 'IDENTITY',
  }),
} as const;

/**
 * An inbound message's id on its channel (a Telegram update_id, a webhook messageId), claimed in
 * the transaction that stores the message: a retried delivery stores nothing twice. Expires
 * (TTL) long after any provider stops retrying.
 */
export const inboundClaimEntity = {
  type: 'InboundClaim',
  key: (channelId: string, externalMessageId: string): TableKey => ({
    pk: `INBOUND#${channelId}#${externalMessageId}`,
    sk: 'INBOUND',
  }),
} as const;

/**
 * Send later: an admin's scheduled messages to one contact, in a partition of their own (the
 * list reads one Query, bounded by the pair). Sent, cancelled and failed ones expire by TTL.
 */
const scheduledPartition = (ownerId: string, contactId: string) => `SCHEDULED#${ownerId}#${contactId}`;
const scheduledPrefix = 'SCHEDULED#';
export const scheduledMessageEntity = defineEntity<
  ScheduledMessageRecord,
  [ownerId: string, contactId: string, scheduledId: string]
>({
  type: 'ChatScheduledMessage',
  key: (ownerId, contactId, scheduledId) => ({
    pk: scheduledPartition(ownerId, contactId),
    sk: `${scheduledPrefix}${scheduledId}`,
  }),
  keyOf: (scheduled) => ({
    pk: scheduledPartition(scheduled.ownerId, scheduled.contactId),
    sk: `${scheduledPrefix}${scheduled.id}`,
  }),
});
export const scheduledMessagesOf = (ownerId: string, contactId: string) => ({
  pk: scheduledPartition(ownerId, contactId),
  skPrefix: scheduledPrefix,
});
