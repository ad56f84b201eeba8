import type { TransactionPart } from '../db';
import { jobPart } from '../jobs/enqueue';

/**
 * Revoked sessions' open sockets, closed by the worker (auth/jobs.ts; the job is in core because
 * a suspension in the team area ends sessions too): the job is written in the transaction that deletes the sessions (the outbox), so the sockets close exactly when the
 * sessions end, and the auth function carries no WebSocket management client (its bundle stays
 * within 300 KB; docs/decisions.md, "Closing a revoked session's sockets through the worker").
 * The session's next request is 401 at once anyway: its item is gone.
 */
export interface CloseSocketsPayload {
  readonly userId: string;
  readonly sessionIds: readonly string[];
}

declare module '../jobs/records' {
  interface JobPayloads {
    'auth.close-session-sockets': CloseSocketsPayload;
  }
}

export const closeSocketsJobKind = 'auth.close-session-sockets' as const;

/** The job as a part of the revoke's transaction. */
export const closeSocketsJobPart = (userId: string, sessionIds: readonly string[], now = new Date()): TransactionPart =>
  jobPart(
    closeSocketsJobKind,
    { userId, sessionIds },
    { label: `Close the sockets of ${sessionIds.length} revoked session(s)`, now },
  ).part;
