import { createHash } from 'node:crypto';

import { ulid } from '../core/ids';
import type { MailRecord } from './records';

/**
 * Threads as mail clients know them (RFC 5322): every mail has a Message-ID; a reply names the
 * mail it answers in In-Reply-To and the whole chain in References. A mailbox groups a thread by
 * `threadId`, a hash of the chain's first Message-ID, so a reply made anywhere (here, or in an
 * outside client answering our mail) lands in the same thread without reading the others.
 */

/** The domain of our Message-IDs: the email channel's domain when configured, else a local one. */
export const messageIdDomain = (env: Readonly<Record<string, string | undefined>> = process.env): string => {
  const from = env.EMAIL_FROM_ADDRESS ?? env.NOTIFICATIONS_FROM_EMAIL ?? '';
  const domain = from.split('@')[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'orbit.local';
};

export const newMessageId = (domain = messageIdDomain()): string => `<${ulid()}@${domain}>`;

/** base64url of SHA-256, 22 characters (132 bits): short enough for a key, never colliding in practice. */
export const threadIdOf = (firstMessageId: string): string =>
  createHash('sha256').update(firstMessageId).digest('base64url').slice(0, 22);

export interface ThreadHeaders {
  readonly messageId: string;
  readonly inReplyTo?: string;
  readonly references: readonly string[];
  readonly threadId: string;
}

/** A mail that starts a thread. */
export const newThread = (messageId = newMessageId()): ThreadHeaders => ({
  messageId,
  references: [],
  threadId: threadIdOf(messageId),
});

/**
 * A Message-ID longer than this is none we keep: an outside mail's headers may hold a megabyte,
 * and each id becomes part of a key (a DynamoDB sort key holds 1 024 bytes).
 */
export const maxMessageIdLength = 250;
/** References a mail keeps and looks up: the chain's first (the thread) and the newest. */
export const maxReferences = 20;

/**
 * References cut to `maxReferences`, as Netnews trims them (RFC 5537, 3.4.4): the first, which
 * names the thread, and the newest; ids past `maxMessageIdLength` dropped. An outside mail
 * naming a hundred thousand ids costs a handful of reads, and its record stays small.
 */
export const boundedReferences = (references: readonly string[]): string[] => {
  const usable = references.filter((id) => id.length <= maxMessageIdLength);
  const [first, ...rest] = usable;
  if (first === undefined || usable.length <= maxReferences) return usable;
  return [first, ...rest.slice(-(maxReferences - 1))];
};

/**
 * An answer (reply or forward) to `original`: In-Reply-To is its Message-ID, References its
 * References plus its Message-ID (bounded), and the thread is the original's chain's first.
 */
export const answerTo = (
  original: Pick<MailRecord, 'messageId' | 'references'>,
  messageId = newMessageId(),
): ThreadHeaders => {
  const references = boundedReferences([...original.references, original.messageId]);
  return {
    messageId,
    inReplyTo: original.messageId,
    references,
    threadId: threadIdOf(references[0] ?? original.messageId),
  };
};

const prefixes = { reply: 'Re:', forward: 'Fwd:' } as const;
/** Any prefix mail clients use for these (Re, RE, Fw, Fwd, AW, TR…) counts as already there. */
const existingPrefix = { reply: /^\s*(re|aw|sv|antw)\s*:/i, forward: /^\s*(fwd?|tr|wg)\s*:/i } as const;

/** "Re: …" / "Fwd: …", never doubled. */
export const answerSubject = (subject: string, kind: 'reply' | 'forward'): string =>
  existingPrefix[kind].test(subject) ? subject.trim() : `${prefixes[kind]} ${subject.trim()}`.trim();

/** The thread's first Message-ID as a mail names it: References[0], else In-Reply-To, else its own. */
export const threadRoot = (messageId: string, inReplyTo: string | undefined, references: readonly string[]): string =>
  references[0] ?? inReplyTo ?? messageId;
