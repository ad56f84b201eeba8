import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { pushToUserConnections } from '../core/connections/push';
import { ConditionFailed, retry, transactWrite, type TransactionPart } from '../core/db';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { presignGet } from '../core/media/object-store';
import { isRecordId } from '../core/schema';
import type { EmailFrame, MailListResponse, MailResponse, MailSummary } from './contract';
import { countsDelta, sumDeltas, type MailCountName, type MailCounts } from './counts';
import { applyChange, type MailChange } from './mailbox-changes';
import {
  changePart,
  deleteParts,
  readBody,
  readCounts,
  readFolderMails,
  readMail,
  readMailPage,
  readMails,
  readThread,
  type MailPageFilter,
} from './mailbox-repository';
import {
  emptiableFolders,
  mailboxMessages,
  type BulkMailsRequest,
  type ChangeMailRequest,
  type ListMailsQuery,
} from './mailbox-requests';
import { toMailDetail } from './mailbox-views';
import { toMailSummary } from './summary';
import type { MailRecord } from './records';
import { countsPart } from './store';
import { normaliseWords } from './words';

/**
 * Reading and changing the caller's own mailbox (docs/email.md). Every use case authorises on
 * `Email` with the caller as owner (403 for a role without it), then works in the caller's own
 * partition: another person's mail id is simply not there, a 404 for everyone.
 */
const ownMailbox = (caller: Caller, action: 'read' | 'update'): string => {
  const ownerId = caller.principal.userId;
  authorize(caller.ability, action, 'Email', { ownerId });
  return ownerId;
};

/* ---------- Cursor ---------- */

export const encodeCursor = (lastId: string): string => Buffer.from(lastId, 'utf8').toString('base64url');

const decodeCursor = (cursor: string): string => {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  // Round-trip check: anything that is not our own encoding of an id is refused, not guessed at.
  if (!isRecordId(id) || encodeCursor(id) !== cursor) throw new ValidationError({ cursor: [mailboxMessages.cursor] });
  return id;
};

/* ---------- Reading ---------- */

export const listMails = async (caller: Caller, request: () => ListMailsQuery): Promise<MailListResponse> => {
  const ownerId = ownMailbox(caller, 'read');
  const query = request();
  const afterId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const words = normaliseWords(query.q ?? '').slice(0, 10);
  const filter: MailPageFilter = {
    ...(query.filter === 'starred' ? { starred: true, notSetAside: true } : {}),
    ...(query.label ? { label: query.label, notSetAside: true } : {}),
    ...(query.unread === 'true' ? { unread: true } : {}),
    ...(query.attachments === 'true' ? { attachments: true } : {}),
    ...(words.length > 0 ? { words } : {}),
  };
  // A folder reads its own list (gsi1); starred and labels read the mailbox partition, filtered.
  const folder = query.filter && query.filter !== 'starred' ? query.filter : undefined;
  const [page, counts] = await Promise.all([
    readMailPage({
      ownerId,
      ...(folder ? { folder } : {}),
      filter,
      ...(afterId ? { afterId } : {}),
      limit: query.limit ?? 20,
    }),
    readCounts(ownerId),
  ]);
  const last = page.mails.at(-1);
  return {
    mails: page.mails.map(toMailSummary),
    nextCursor: page.more && last ? encodeCursor(last.id) : null,
    counts,
  };
};

export const getCounts = async (caller: Caller): Promise<{ counts: MailCounts }> => ({
  counts: await readCounts(ownMailbox(caller, 'read')),
});

/** One mail of the caller's, opened. Opening does not mark it read: the page says so (PATCH). */
export const openMail = async (caller: Caller, id: string): Promise<MailResponse> => {
  const ownerId = ownMailbox(caller, 'read');
  const [mail, body] = await Promise.all([readMail(ownerId, id), readBody(ownerId, id)]);
  if (!mail) throw new NotFoundError(mailboxMessages.notFound);
  const thread = await readThread(ownerId, mail.threadId);
  return {
    mail: toMailDetail(mail, body),
    thread: thread.filter((other) => other.id !== mail.id).map(toMailSummary),
  };
};

/** A short-lived download of one attachment of one of the caller's mails. */
export const attachmentUrl = async (caller: Caller, id: string, attachmentId: string): Promise<{ url: string }> => {
  const ownerId = ownMailbox(caller, 'read');
  const mail = await readMail(ownerId, id);
  if (!mail) throw new NotFoundError(mailboxMessages.notFound);
  const attachment = mail.attachments.find((candidate) => candidate.id === attachmentId);
  if (!attachment) throw new NotFoundError(mailboxMessages.attachmentNotFound);
  return { url: await presignGet(attachment.key, { expiresInSeconds: 60, fileName: attachment.name }) };
};

/* ---------- Changing ---------- */

/** A change lost to another one (another tab): read again and decide again, a few times. */
const readAgain = {
  attempts: 4,
  baseDelayMs: 10,
  maxDelayMs: 100,
  retryOn: (error: unknown) => error instanceof ConditionFailed,
};

/**
 * Reads, decides and writes again while the write loses to another change; past the attempts,
 * a 409 (try again) rather than a 500.
 */
const decideAndWrite = async <T>(attempt: () => Promise<T>): Promise<T> => {
  try {
    return await retry(readAgain, attempt);
  } catch (error) {
    if (error instanceof ConditionFailed) {
      throw new ConflictError({ general: [mailboxMessages.changedMeanwhile] }, undefined, { cause: error });
    }
    throw error;
  }
};

/** Other tabs of the owner hear of it; a push failure never fails the change. */
const tellOwner = async (ownerId: string, ids: readonly string[], counts: MailCounts): Promise<void> => {
  if (ids.length === 0) return;
  const frame: EmailFrame = { type: 'email.changed', ids, counts };
  await pushToUserConnections(ownerId, frame);
};

const refusal = (reason: 'draftMove' | 'moveNotAllowed') => new ConflictError({ folder: [mailboxMessages[reason]] });

export const changeMail = async (
  caller: Caller,
  id: string,
  request: () => ChangeMailRequest,
): Promise<{ mail: MailSummary; counts: MailCounts }> => {
  const ownerId = ownMailbox(caller, 'update');
  let change: MailChange | undefined;
  const mail = await decideAndWrite(async () => {
    const before = await readMail(ownerId, id);
    if (!before) throw new NotFoundError(mailboxMessages.notFound);
    // Read once the mail is known to be the caller's: another's is a 404 whatever the body says.
    change ??= request();
    const outcome = applyChange(before, change, new Date());
    if (outcome.kind === 'refused') throw refusal(outcome.reason);
    if (outcome.kind === 'unchanged') return before;
    const counts = countsPart(ownerId, countsDelta(before, outcome.after));
    await transactWrite([changePart(before, outcome.after), ...(counts ? [counts] : [])]);
    return outcome.after;
  });
  const counts = await readCounts(ownerId);
  await tellOwner(ownerId, [id], counts);
  return { mail: toMailSummary(mail), counts };
};

interface Decided {
  readonly parts: readonly TransactionPart[];
  readonly delta: Partial<Record<MailCountName, number>>;
}

/**
 * Applies `decide` to the caller's mails of these ids, in transactions of at most 99 mail parts
 * plus the counters' one (their deltas summed). Ids not in the mailbox, and mails the change
 * does not apply to, are left out: a bulk never tells whether someone else's id exists.
 * A transaction that lost a race is read again and decided again. Returns the changed ids.
 */
const applyInChunks = async (
  ownerId: string,
  ids: readonly string[],
  partsPerMail: number,
  decide: (mail: MailRecord) => Decided | undefined,
): Promise<string[]> => {
  const perChunk = Math.floor(99 / partsPerMail);
  const unique = [...new Set(ids)];
  const changed: string[] = [];
  for (let start = 0; start < unique.length; start += perChunk) {
    const chunk = unique.slice(start, start + perChunk);
    const done = await decideAndWrite(async () => {
      const decided = (await readMails(ownerId, chunk)).flatMap((mail) => {
        const outcome = decide(mail);
        return outcome ? [{ id: mail.id, ...outcome }] : [];
      });
      if (decided.length === 0) return [];
      const counts = countsPart(ownerId, sumDeltas(decided.map((entry) => entry.delta)));
      await transactWrite([...decided.flatMap((entry) => entry.parts), ...(counts ? [counts] : [])]);
      return decided.map((entry) => entry.id);
    });
    changed.push(...done);
  }
  return changed;
};

const deleteDecision = (mail: MailRecord): Decided | undefined =>
  mail.folder === 'trash' || mail.folder === 'spam'
    ? { parts: deleteParts(mail), delta: countsDelta(mail, undefined) }
    : undefined;

export const bulkChange = async (
  caller: Caller,
  request: () => BulkMailsRequest,
): Promise<{ changed: number; counts: MailCounts }> => {
  const ownerId = ownMailbox(caller, 'update');
  const { ids, deleteForever, ...change } = request();
  const changed = deleteForever
    ? await applyInChunks(ownerId, ids, 2, deleteDecision)
    : await applyInChunks(ownerId, ids, 1, (mail) => {
        const outcome = applyChange(mail, change, new Date());
        return outcome.kind === 'changed'
          ? { parts: [changePart(mail, outcome.after)], delta: countsDelta(mail, outcome.after) }
          : undefined;
      });
  const counts = await readCounts(ownerId);
  await tellOwner(ownerId, changed, counts);
  return { changed: changed.length, counts };
};

/** Delete forever: only a mail in trash or spam (else 409). Its attachments' objects stay (shared by its copies). */
export const deleteMail = async (caller: Caller, id: string): Promise<{ counts: MailCounts }> => {
  const ownerId = ownMailbox(caller, 'update');
  await decideAndWrite(async () => {
    const mail = await readMail(ownerId, id);
    if (!mail) throw new NotFoundError(mailboxMessages.notFound);
    const decided = deleteDecision(mail);
    if (!decided) throw new ConflictError({ folder: [mailboxMessages.deleteOnlySetAside] });
    const counts = countsPart(ownerId, decided.delta);
    await transactWrite([...decided.parts, ...(counts ? [counts] : [])]);
  });
  const counts = await readCounts(ownerId);
  await tellOwner(ownerId, [id], counts);
  return { counts };
};

const isEmptiable = (folder: string): folder is (typeof emptiableFolders)[number] =>
  (emptiableFolders as readonly string[]).includes(folder);

/** Empties spam or trash for good; any other folder name is a 404 (no such thing to empty). */
export const emptyFolder = async (caller: Caller, folder: string): Promise<{ deleted: number; counts: MailCounts }> => {
  const ownerId = ownMailbox(caller, 'update');
  if (!isEmptiable(folder)) throw new NotFoundError(mailboxMessages.emptyFolder);
  const ids = (await readFolderMails(ownerId, folder)).map((mail) => mail.id);
  // Each mail is read again in its chunk: one moved out meanwhile is left alone.
  const deleted = await applyInChunks(ownerId, ids, 2, (mail) =>
    mail.folder === folder ? deleteDecision(mail) : undefined,
  );
  const counts = await readCounts(ownerId);
  await tellOwner(ownerId, deleted, counts);
  return { deleted: deleted.length, counts };
};
