/**
 * Open WebSocket connections, shared by every area that pushes to a user (chat, project boards,
 * notifications) or ends a session's sockets (sessions revoked).
 */

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
