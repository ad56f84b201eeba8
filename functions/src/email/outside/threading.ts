import { createHash } from 'node:crypto';

/**
 * A thread's id (records.ts MailRecord.threadId): base64url of the SHA-256 of the thread's
 * first Message-ID, 22 characters — the same rule as the compose side's threading helper, so a
 * reply from outside joins the thread its sender's copy is in. (The integrator may fold this
 * into compose's threading.ts once both are on main.)
 */
export const threadIdOf = (messageId: string): string =>
  createHash('sha256').update(messageId).digest('base64url').slice(0, 22);

/** The thread's first Message-ID: References[0], else In-Reply-To, else the mail's own. */
export const threadRoot = (messageId: string, inReplyTo: string | undefined, references: readonly string[]): string =>
  references[0] ?? inReplyTo ?? messageId;
