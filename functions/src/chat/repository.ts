import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import {
  ConditionFailed,
  db,
  putPart,
  queryNewestFirst,
  retry,
  transactWrite,
  writeIf,
  type TransactionPart,
} from '../core/db';
import { monotonicFactory, ulid } from '../core/ids';
import { tableName } from '../core/table';
import { announce } from '../core/webhook-events';
import { chatCounterEntity, chatPairEntity, membershipEntity, messageEntity, messagesOf } from './entities';
import type { MembershipRecord, MessageDelivery, StoredMessage } from './records';

/**
 * Chats, messages and receipts (keys in entities.ts).
 *
 * Receipts are watermarks, not per-message flags: a message is delivered (seen) when its id is
 * at or below the recipient's deliveredUpTo (seenUpTo). Marking a thousand messages seen is one
 * write, and each membership mirrors the other side's watermarks (peer*), so feedback for a page
 * of messages needs no extra read.
 */

/** A message as stored (also for bulk loads: the benchmark). */
export const messageItem = (message: StoredMessage) => messageEntity.toItem(message);

/**
 * Monotonic within a process, so two messages in the same millisecond keep their order. A time
 * before the last one issued (seeding history) gets a plain id that keeps its own time.
 */
const nextUlid = monotonicFactory();
let lastIssuedTime = 0;
export const newMessageId = (time = Date.now()): string => {
  if (time < lastIssuedTime) return ulid(time);
  lastIssuedTime = time;
  return nextUlid(time);
};

export const getMembership = async (ownerId: string, contactId: string): Promise<MembershipRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: membershipEntity.key(ownerId, contactId), ConsistentRead: true }),
  );
  return Item ? membershipEntity.fromItem(Item) : undefined;
};

export const getChatCount = async (): Promise<number> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: chatCounterEntity.key(), ConsistentRead: true }),
  );
  return typeof Item?.count === 'number' ? Item.count : 0;
};

export interface NewMessage {
  readonly senderId: string;
  readonly recipientId: string;
  readonly message: string;
  readonly time: Date;
  /**
   * A message id fixed in advance (a scheduled send derives it from its schedule): written only
   * if no message has it, so a repeated send stores nothing (ConditionFailed(['message'])).
   */
  readonly id?: string;
  /** A channel conversation's message (inbound from a lead, or a reply going out). */
  readonly channel?: StoredMessage['channel'];
  readonly delivery?: MessageDelivery;
  /**
   * More writes in the message's transaction (an inbound claim, the delivery job): they happen
   * only if the message is stored, and a failed condition among them stores nothing.
   */
  readonly parts?: (message: StoredMessage) => TransactionPart[];
}

const storedMessage = (input: NewMessage, chatId: number): StoredMessage => ({
  id: input.id ?? newMessageId(input.time.getTime()),
  chatId,
  message: input.message,
  time: input.time.toISOString(),
  senderId: input.senderId,
  ...(input.channel ? { channel: input.channel } : {}),
  ...(input.delivery ? { delivery: input.delivery } : {}),
});

/** Every stored message is announced to webhooks in its own transaction (core/webhook-events.ts). */
const messageCreatedPart = (message: StoredMessage, input: NewMessage): TransactionPart =>
  announce(
    'message.created',
    {
      messageId: message.id,
      chatId: message.chatId,
      senderId: message.senderId,
      recipientId: input.recipientId,
      text: message.message,
      ...(message.channel ? { channel: message.channel } : {}),
      sentAt: message.time,
    },
    input.time,
  );

const newMembership = (ownerId: string, contactId: string, chatId: number, message: StoredMessage, incoming: boolean) =>
  membershipEntity.toItem({
    ownerId,
    contactId,
    chatId,
    unseenMsgs: incoming ? 1 : 0,
    lastMessage: message,
    lastMessageAt: message.time,
    ...(incoming ? { lastIncomingId: message.id } : {}),
    createdAt: message.time,
  });

export type CreateChatResult =
  { readonly created: true; readonly chatId: number; readonly message: StoredMessage } | { readonly created: false };

/** Another new chat took the id: read the count again, after a short random wait. */
const chatIdRetry = {
  attempts: 25,
  baseDelayMs: 2,
  maxDelayMs: 50,
  retryOn: (error: unknown) => error instanceof ConditionFailed && error.failed('counter') && !error.failed('pair'),
};

/**
 * The first message of a pair creates their chat with id = chat count + 1. One transaction
 * moves the counter from the count it read (so two new chats never share an id and ids have no
 * gaps), claims the pair (so two first messages between the same people make one chat), and
 * writes both memberships and the message. Losing on the counter retries; losing on the pair
 * means the chat now exists and the caller appends instead.
 */
export const createChatWithMessage = async (input: NewMessage): Promise<CreateChatResult> => {
  try {
    return await retry(chatIdRetry, async () => {
      const count = await getChatCount();
      const chatId = count + 1;
      const message = storedMessage(input, chatId);
      await transactWrite([
        {
          label: 'counter',
          item: {
            Update: {
              TableName: tableName(),
              Key: chatCounterEntity.key(),
              UpdateExpression: 'SET #count = :next, #type = :type',
              ConditionExpression: count === 0 ? 'attribute_not_exists(pk) OR #count = :zero' : '#count = :count',
              ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
              ExpressionAttributeValues: {
                ':next': chatId,
                ':type': chatCounterEntity.type,
                ...(count === 0 ? { ':zero': 0 } : { ':count': count }),
              },
            },
          },
        },
        putPart(
          'pair',
          { ...chatPairEntity.key(input.senderId, input.recipientId), type: chatPairEntity.type, chatId },
          'attribute_not_exists(pk)',
        ),
        putPart('membership', newMembership(input.senderId, input.recipientId, chatId, message, false)),
        putPart('membership', newMembership(input.recipientId, input.senderId, chatId, message, true)),
        putPart('message', messageEntity.toItem(message), 'attribute_not_exists(pk)'),
        messageCreatedPart(message, input),
        ...(input.parts?.(message) ?? []),
      ]);
      return { created: true as const, chatId, message };
    });
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (error.failed('pair')) return { created: false };
    // A part the caller added lost its condition (an inbound message already stored).
    if (!error.failed('counter')) throw error;
    throw new Error('Could not allocate a chat id: too much contention', { cause: error });
  }
};

/**
 * One side of a chat changing, as a transaction part: the owner's membership of their chat with
 * the contact. Every write to an existing membership (a message on either side, a receipt and its
 * mirror) is one of these.
 */
const membershipUpdate = (
  label: string,
  ownerId: string,
  contactId: string,
  update: {
    readonly set: readonly string[];
    readonly add?: string;
    readonly condition: string;
    readonly values: Record<string, unknown>;
  },
): TransactionPart => ({
  label,
  item: {
    Update: {
      TableName: tableName(),
      Key: membershipEntity.key(ownerId, contactId),
      UpdateExpression: `SET ${update.set.join(', ')}${update.add ? ` ADD ${update.add}` : ''}`,
      ConditionExpression: update.condition,
      ExpressionAttributeValues: update.values,
    },
  },
});

/** Appends to an existing chat: the message and both memberships in one transaction. */
export const appendMessage = async (chatId: number, input: NewMessage): Promise<StoredMessage> => {
  const message = storedMessage(input, chatId);
  const inThisChat = 'attribute_exists(pk) AND chatId = :chatId';
  const last = { ':message': message, ':time': message.time, ':chatId': chatId };
  await transactWrite([
    putPart('message', messageEntity.toItem(message), 'attribute_not_exists(pk)'),
    membershipUpdate('membership', input.senderId, input.recipientId, {
      set: ['lastMessage = :message', 'lastMessageAt = :time'],
      condition: inThisChat,
      values: last,
    }),
    membershipUpdate('membership', input.recipientId, input.senderId, {
      set: ['lastMessage = :message', 'lastMessageAt = :time', 'lastIncomingId = :id'],
      add: 'unseenMsgs :one',
      condition: inThisChat,
      values: { ...last, ':id': message.id, ':one': 1 },
    }),
    messageCreatedPart(message, input),
    ...(input.parts?.(message) ?? []),
  ]);
  return message;
};

/**
 * Stores a message in the pair's chat: appended when a side of it is known (`membership`), else
 * the chat is created with it; when the other person's first message created it a moment
 * before, this one joins theirs. `chatId` is set when this call created the chat.
 */
export const storeMessage = async (
  input: NewMessage,
  membership: MembershipRecord | undefined,
): Promise<{ message: StoredMessage; createdChatId?: number }> => {
  if (membership) return { message: await appendMessage(membership.chatId, input) };
  const created = await createChatWithMessage(input);
  if (created.created) return { message: created.message, createdChatId: created.chatId };
  const joined = await getMembership(input.senderId, input.recipientId);
  if (!joined) throw new Error('Chat pair claimed but membership missing');
  return { message: await appendMessage(joined.chatId, input) };
};

const messageIdPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const isMessageId = (value: string): boolean => messageIdPattern.test(value);

export interface MessagePage {
  /** Newest first. */
  readonly messages: StoredMessage[];
  /** The id of the oldest message returned when older ones exist. */
  readonly olderThan: string | null;
}

/**
 * One page of a chat, newest first, strictly older than `before` when given. Reads one item
 * more than it returns, to know whether an older page exists.
 */
export const listMessages = async (chatId: number, limit: number, before?: string): Promise<MessagePage> => {
  const { pk, skPrefix } = messagesOf(chatId);
  const beforeSk = before ? messageEntity.key(chatId, before).sk : undefined;
  const { items, more } = await queryNewestFirst({ pk, skPrefix, beforeSk, limit });
  const page = items.map(messageEntity.fromItem);
  return { messages: page, olderThan: more ? (page.at(-1)?.id ?? null) : null };
};

export interface Watermarks {
  readonly deliveredUpTo: string | null;
  readonly seenUpTo: string | null;
}

const maxId = (...ids: (string | undefined | null)[]): string | undefined =>
  ids.reduce<string | undefined>((best, id) => (id && (!best || id > best) ? id : best), undefined);

/** A message arrived or another receipt landed meanwhile: decide again on fresh state. */
const receiptRetry = {
  attempts: 4,
  baseDelayMs: 2,
  maxDelayMs: 20,
  retryOn: (error: unknown) => error instanceof ConditionFailed,
};

/**
 * The owner's receipts of the contact's messages move forward (never back), mirrored on the
 * contact's membership. `seen` also zeroes the unseen count when it covers the newest incoming
 * message. Returns the new watermarks, or undefined when nothing moved (or there is no chat).
 */
export const advanceReceipts = async (
  ownerId: string,
  contactId: string,
  kind: 'delivered' | 'seen',
  upTo: string,
  known?: MembershipRecord,
): Promise<Watermarks | undefined> => {
  try {
    return await retry(receiptRetry, async (attempt) => {
      const membership = attempt === 1 && known ? known : await getMembership(ownerId, contactId);
      return membership ? tryAdvance(membership, kind, upTo) : undefined;
    });
  } catch (error) {
    if (error instanceof ConditionFailed) return undefined;
    throw error;
  }
};

/** One attempt: ConditionFailed when the membership moved since it was read. */
const tryAdvance = async (
  membership: MembershipRecord,
  kind: 'delivered' | 'seen',
  upTo: string,
): Promise<Watermarks | undefined> => {
  const newest = membership.lastIncomingId;
  if (!newest) return undefined;
  // A receipt can only cover messages that exist.
  const target = upTo > newest ? newest : upTo;
  const delivered = maxId(membership.deliveredUpTo, target) ?? target;
  const seen = kind === 'seen' ? (maxId(membership.seenUpTo, target) ?? target) : membership.seenUpTo;
  const coversNewest = kind === 'seen' && target === newest;
  const moves =
    delivered !== membership.deliveredUpTo ||
    seen !== membership.seenUpTo ||
    (coversNewest && membership.unseenMsgs > 0);
  if (!moves) return undefined;

  const ownerSet = [
    'deliveredUpTo = :delivered',
    ...(seen ? ['seenUpTo = :seen'] : []),
    ...(coversNewest ? ['unseenMsgs = :zero'] : []),
  ];
  const peerSet = ['peerDeliveredUpTo = :delivered', ...(seen ? ['peerSeenUpTo = :seen'] : [])];
  const values = { ':delivered': delivered, ...(seen ? { ':seen': seen } : {}) };
  await transactWrite([
    membershipUpdate('membership', membership.ownerId, membership.contactId, {
      set: ownerSet,
      // Only ever forward; zeroing the count must not swallow a message that just arrived.
      condition: [
        'attribute_exists(pk)',
        '(attribute_not_exists(deliveredUpTo) OR deliveredUpTo <= :delivered)',
        ...(seen ? ['(attribute_not_exists(seenUpTo) OR seenUpTo <= :seen)'] : []),
        ...(coversNewest ? ['lastIncomingId = :newest'] : []),
      ].join(' AND '),
      values: { ...values, ...(coversNewest ? { ':zero': 0, ':newest': newest } : {}) },
    }),
    membershipUpdate('peer', membership.contactId, membership.ownerId, {
      set: peerSet,
      condition: 'attribute_exists(pk)',
      values,
    }),
  ]);
  return { deliveredUpTo: delivered, seenUpTo: seen ?? null };
};

export const getMessage = async (chatId: number, messageId: string): Promise<StoredMessage | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: messageEntity.key(chatId, messageId), ConsistentRead: true }),
  );
  return Item ? messageEntity.fromItem(Item) : undefined;
};

/**
 * A channel reply's delivery as one transaction part: set to `delivery` if the message's current
 * delivery is one of `from` (and, with `jobId`, still that job's: a late answer of an old job
 * must not overwrite a retry's).
 */
export const deliveryPart = (
  chatId: number,
  messageId: string,
  delivery: MessageDelivery,
  expect: { readonly from: readonly MessageDelivery['status'][]; readonly jobId?: string },
): TransactionPart => {
  const statuses = Object.fromEntries(expect.from.map((status, index) => [`:from${index}`, status]));
  return {
    label: 'delivery',
    item: {
      Update: {
        TableName: tableName(),
        Key: messageEntity.key(chatId, messageId),
        UpdateExpression: 'SET delivery = :delivery',
        ConditionExpression: [
          'attribute_exists(pk)',
          `delivery.#status IN (${Object.keys(statuses).join(', ')})`,
          ...(expect.jobId ? ['delivery.jobId = :jobId'] : []),
        ].join(' AND '),
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':delivery': delivery,
          ...statuses,
          ...(expect.jobId ? { ':jobId': expect.jobId } : {}),
        },
      },
    },
  };
};

/** Records a delivery outcome on its own; false when the message moved on (see deliveryPart). */
export const setDelivery = async (
  chatId: number,
  messageId: string,
  delivery: MessageDelivery,
  expect: { readonly from: readonly MessageDelivery['status'][]; readonly jobId?: string },
): Promise<boolean> => {
  const update = deliveryPart(chatId, messageId, delivery, expect).item.Update;
  if (!update) return false;
  try {
    await writeIf('delivery', () => db().send(new UpdateCommand(update)));
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
};
