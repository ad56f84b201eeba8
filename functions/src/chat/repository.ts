import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';

import { cancelledConditionIndexes, db, isConditionFailure, queryAll } from '../core/db';
import { monotonicFactory, ulid } from '../core/ids';
import { tableName } from '../core/table';

/**
 * Chats, messages and receipts. Keys (documented with the others in core/table.ts):
 * - membership: pk=USER#<owner> sk=CHATWITH#<contact>: one per participant, the owner's view of
 *   the chat (id, unseen count, last message, receipt watermarks of both sides);
 * - pair claim: pk=CHATPAIR#<lower id>#<higher id> sk=PAIR: one chat per pair of people;
 * - counter: pk=COUNTER#chats sk=COUNTER: the chat count, so a new chat's id is count + 1;
 * - message: pk=CHAT#<chatId> sk=MSG#<ulid>: read newest first with a cursor.
 *
 * Receipts are watermarks, not per-message flags: a message is delivered (seen) when its id is
 * at or below the recipient's deliveredUpTo (seenUpTo). Marking a thousand messages seen is one
 * write, and each membership mirrors the other side's watermarks (peer*), so feedback for a page
 * of messages needs no extra read.
 */

export interface StoredMessage {
  readonly id: string;
  readonly chatId: number;
  readonly message: string;
  readonly time: string;
  readonly senderId: string;
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

const membershipKey = (ownerId: string, contactId: string) => ({ pk: `USER#${ownerId}`, sk: `CHATWITH#${contactId}` });
const pairKey = (a: string, b: string) => {
  const [low, high] = a < b ? [a, b] : [b, a];
  return { pk: `CHATPAIR#${low}#${high}`, sk: 'PAIR' };
};
const counterKey = { pk: 'COUNTER#chats', sk: 'COUNTER' };
const messageKey = (chatId: number, messageId: string) => ({ pk: `CHAT#${chatId}`, sk: `MSG#${messageId}` });
/** A message as stored (also for bulk loads: the benchmark). */
export const messageItem = (message: StoredMessage) => ({
  ...messageKey(message.chatId, message.id),
  type: 'ChatMessage',
  ...message,
});

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

const messageFields = (item: Record<string, unknown>): StoredMessage => ({
  id: String(item.id),
  chatId: Number(item.chatId),
  message: String(item.message),
  time: String(item.time),
  senderId: String(item.senderId),
});

export const getMembership = async (ownerId: string, contactId: string): Promise<MembershipRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: membershipKey(ownerId, contactId), ConsistentRead: true }),
  );
  return Item as MembershipRecord | undefined;
};

/** Every chat of one person: bounded by how many people they talk to, not by messages. */
export const listMemberships = async (ownerId: string): Promise<MembershipRecord[]> =>
  queryAll<MembershipRecord>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${ownerId}`, ':prefix': 'CHATWITH#' },
  });

export const getChatCount = async (): Promise<number> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: counterKey, ConsistentRead: true }));
  return typeof Item?.count === 'number' ? Item.count : 0;
};

export interface NewMessage {
  readonly senderId: string;
  readonly recipientId: string;
  readonly message: string;
  readonly time: Date;
}

const memberItem = (ownerId: string, contactId: string, chatId: number, message: StoredMessage, incoming: boolean) => ({
  ...membershipKey(ownerId, contactId),
  type: 'ChatMembership',
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

/**
 * The first message of a pair creates their chat with id = chat count + 1. One transaction
 * moves the counter from the count it read (so two new chats never share an id and ids have no
 * gaps), claims the pair (so two first messages between the same people make one chat), and
 * writes both memberships and the message. Losing on the counter retries; losing on the pair
 * means the chat now exists and the caller appends instead.
 */
export const createChatWithMessage = async (input: NewMessage, attempts = 25): Promise<CreateChatResult> => {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const count = await getChatCount();
    const chatId = count + 1;
    const message: StoredMessage = {
      id: newMessageId(input.time.getTime()),
      chatId,
      message: input.message,
      time: input.time.toISOString(),
      senderId: input.senderId,
    };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: counterKey,
                UpdateExpression: 'SET #count = :next, #type = :type',
                ConditionExpression: count === 0 ? 'attribute_not_exists(pk) OR #count = :zero' : '#count = :count',
                ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
                ExpressionAttributeValues: {
                  ':next': chatId,
                  ':type': 'Counter',
                  ...(count === 0 ? { ':zero': 0 } : { ':count': count }),
                },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...pairKey(input.senderId, input.recipientId), type: 'ChatPair', chatId },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: memberItem(input.senderId, input.recipientId, chatId, message, false),
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: memberItem(input.recipientId, input.senderId, chatId, message, true),
              },
            },
            { Put: { TableName: tableName(), Item: messageItem(message) } },
          ],
        }),
      );
      return { created: true, chatId, message };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const failed = cancelledConditionIndexes(error);
      if (failed.includes(1)) return { created: false };
      // Someone else took this id: back off a little and read the count again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
    }
  }
  throw new Error('Could not allocate a chat id: too much contention');
};

/** Appends to an existing chat: the message and both memberships in one transaction. */
export const appendMessage = async (chatId: number, input: NewMessage): Promise<StoredMessage> => {
  const message: StoredMessage = {
    id: newMessageId(input.time.getTime()),
    chatId,
    message: input.message,
    time: input.time.toISOString(),
    senderId: input.senderId,
  };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: messageItem(message),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: membershipKey(input.senderId, input.recipientId),
            UpdateExpression: 'SET lastMessage = :message, lastMessageAt = :time',
            ConditionExpression: 'attribute_exists(pk) AND chatId = :chatId',
            ExpressionAttributeValues: { ':message': message, ':time': message.time, ':chatId': chatId },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: membershipKey(input.recipientId, input.senderId),
            UpdateExpression:
              'SET lastMessage = :message, lastMessageAt = :time, lastIncomingId = :id ADD unseenMsgs :one',
            ConditionExpression: 'attribute_exists(pk) AND chatId = :chatId',
            ExpressionAttributeValues: {
              ':message': message,
              ':time': message.time,
              ':id': message.id,
              ':one': 1,
              ':chatId': chatId,
            },
          },
        },
      ],
    }),
  );
  return message;
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
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: before
        ? 'pk = :pk AND sk BETWEEN :from AND :before'
        : 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: before
        ? { ':pk': `CHAT#${chatId}`, ':from': 'MSG#', ':before': `MSG#${before}` }
        : { ':pk': `CHAT#${chatId}`, ':prefix': 'MSG#' },
      ScanIndexForward: false,
      // BETWEEN is inclusive: the cursor's own message comes back first and is dropped below.
      Limit: limit + (before ? 2 : 1),
    }),
  );
  const older = (before ? Items.filter((item) => item.id !== before) : Items).map(messageFields);
  const page = older.slice(0, limit);
  return { messages: page, olderThan: older.length > limit ? (page.at(-1)?.id ?? null) : null };
};

export interface Watermarks {
  readonly deliveredUpTo: string | null;
  readonly seenUpTo: string | null;
}

const maxId = (...ids: (string | undefined | null)[]): string | undefined =>
  ids.reduce<string | undefined>((best, id) => (id && (!best || id > best) ? id : best), undefined);

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
  let membership = known ?? (await getMembership(ownerId, contactId));
  for (let attempt = 0; membership && attempt < 4; attempt += 1) {
    const outcome = await tryAdvance(membership, kind, upTo);
    if (outcome !== 'lost') return outcome;
    // A message arrived or another receipt landed meanwhile: decide again on fresh state.
    membership = await getMembership(ownerId, contactId);
  }
  return undefined;
};

const tryAdvance = async (
  membership: MembershipRecord,
  kind: 'delivered' | 'seen',
  upTo: string,
): Promise<Watermarks | undefined | 'lost'> => {
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
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: membershipKey(membership.ownerId, membership.contactId),
              UpdateExpression: `SET ${ownerSet.join(', ')}`,
              // Only ever forward; zeroing the count must not swallow a message that just arrived.
              ConditionExpression: [
                'attribute_exists(pk)',
                '(attribute_not_exists(deliveredUpTo) OR deliveredUpTo <= :delivered)',
                ...(seen ? ['(attribute_not_exists(seenUpTo) OR seenUpTo <= :seen)'] : []),
                ...(coversNewest ? ['lastIncomingId = :newest'] : []),
              ].join(' AND '),
              ExpressionAttributeValues: { ...values, ...(coversNewest ? { ':zero': 0, ':newest': newest } : {}) },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: membershipKey(membership.contactId, membership.ownerId),
              UpdateExpression: `SET ${peerSet.join(', ')}`,
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: values,
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return 'lost';
    throw error;
  }
  return { deliveredUpTo: delivered, seenUpTo: seen ?? null };
};
