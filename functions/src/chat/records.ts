/** What the chat stores: messages, each side's view of a chat, and open connections. */

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

export interface ConnectionRecord {
  readonly connectionId: string;
  readonly userId: string;
  readonly role: string;
  readonly sessionId: string;
  /** 'board': a project page's connection, which does not make its user present in the chat. */
  readonly purpose?: 'board';
  readonly connectedAt: string;
  /** Epoch seconds (TTL). */
  readonly expiresAt: number;
}

/** What a user's connection set keeps of each connection (the rest is the set's). */
export type ConnectionEntry = Omit<ConnectionRecord, 'connectionId' | 'userId' | 'role'>;

/**
 * One user's open connections in one item, by connection id: a push to someone reads one key,
 * which a request can batch with the other items it reads.
 */
export interface ConnectionSetRecord {
  readonly userId: string;
  readonly role: string;
  readonly connections: Readonly<Record<string, ConnectionEntry>>;
  /** Epoch seconds (TTL): when the newest connection expires. */
  readonly expiresAt: number;
}
