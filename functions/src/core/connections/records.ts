/**
 * Open WebSocket connections, shared by every area that pushes to a user (chat, project boards,
 * notifications) or ends a session's sockets (sessions revoked).
 */

export const connectionPurposes = ['board', 'notifications'] as const;
export type ConnectionPurpose = (typeof connectionPurposes)[number];

/**
 * What a connection's user must be allowed to read to keep it open: the chat page's (no purpose)
 * the chat, a board's projects (which board is checked when it starts watching), the bell's
 * nothing. `$connect` checks it, and so does a change of the user's rules (core/auth/rules-changed-runner.ts).
 */
export const subjectReadThrough = (purpose: ConnectionPurpose | undefined): 'Chat' | 'Project' | undefined =>
  purpose === undefined ? 'Chat' : purpose === 'board' ? 'Project' : undefined;

export interface ConnectionRecord {
  readonly connectionId: string;
  readonly userId: string;
  readonly role: string;
  readonly sessionId: string;
  /**
   * 'board': a project page's connection; 'notifications': the shell's, for the navbar's bell on
   * every page. Neither makes its user present in the chat (that is the chat page's connection).
   */
  readonly purpose?: ConnectionPurpose;
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
