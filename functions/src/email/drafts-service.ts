import { changeStorageUsage } from '../core/billing/plan-limits';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, NotFoundError } from '../core/errors';
import { ulid } from '../core/ids';
import { getUserById } from '../core/users/repository';
import { clientUploadBytes } from './attachment-keys';
import { authorizeCompose } from './compose-access';
import { toMailDetail } from './compose-views';
import type { MailDetail } from './contract';
import { changedDraft, newDraftRecord, quoteOf, type DraftContent } from './draft-record';
import { bodyOf } from './mail-body';
import { discardDraft, getMailWithBody, saveDraft, type MailWithBody } from './drafts-repository';
import { composeMessages } from './messages';
import type { MailAddress, MailRecord } from './records';
import type { CreateDraftRequest, SaveDraftRequest } from './requests';
import { storeNewMail } from './store';
import { answerSubject, answerTo, newThread } from './threading';

/**
 * Drafts (docs/email.md, "Drafts, sending, threads"): a draft is a mail in the caller's `draft`
 * folder with a version. Every save names the version it read; a stale one is a 409 with the
 * current draft, so two tabs never silently overwrite each other. Everything is keyed on the
 * caller's id: another person's draft cannot even be named (404).
 */

/** The caller as a mail's sender: their sign-in email and name. */
export const senderOf = async (caller: Caller): Promise<MailAddress> => {
  const user = await getUserById(caller.principal.userId);
  if (!user) throw new NotFoundError('User not found');
  return { address: user.email.toLowerCase(), name: user.fullName, userId: user.id };
};

/** The caller's draft `id`, or 404 (missing, someone else's, or no longer a draft). */
export const ownDraft = async (ownerId: string, id: string): Promise<MailWithBody> => {
  const found = await getMailWithBody(ownerId, id);
  if (!found || found.mail.folder !== 'draft') throw new NotFoundError('Draft not found');
  return found;
};

export const staleDraft = (current: MailWithBody) =>
  new ConflictError({ version: [composeMessages.staleVersion] }, toMailDetail(current.mail, current.body));

const withoutAddresses = (list: readonly MailAddress[], drop: ReadonlySet<string>): MailAddress[] => {
  const seen = new Set(drop);
  return list.filter((entry) => {
    if (seen.has(entry.address)) return false;
    seen.add(entry.address);
    return true;
  });
};

/** To and Cc of a reply (to the sender) or a reply-all (the sender, To and Cc, minus the caller). */
const answerRecipients = (original: MailRecord, me: MailAddress, all: boolean) => {
  // Answering one's own sent mail answers its recipients, as mail clients do.
  const mine = original.from.address === me.address;
  const first = mine ? original.to : [original.from];
  if (!all) return { to: withoutAddresses(first, new Set()), cc: [] };
  const to = withoutAddresses([...first, ...(mine ? [] : original.to)], new Set([me.address]));
  const cc = withoutAddresses(original.cc, new Set([me.address, ...to.map((entry) => entry.address)]));
  return { to, cc };
};

const strip = (entry: MailAddress): MailAddress => ({
  address: entry.address,
  ...(entry.name ? { name: entry.name } : {}),
});

export const createDraft = async (caller: Caller, request: () => CreateDraftRequest): Promise<MailDetail> => {
  const ownerId = authorizeCompose(caller);
  const input = request();
  const from = await senderOf(caller);
  const original = input.mode === 'new' || !input.of ? undefined : await getMailWithBody(ownerId, input.of);
  // A draft answers only a mail of the caller's own mailbox (never a draft).
  if (input.mode !== 'new' && (!original || original.mail.folder === 'draft')) {
    throw new NotFoundError('Mail not found');
  }
  const kind = input.mode === 'forward' ? 'forward' : 'reply';
  const answered =
    original && input.mode !== 'forward' ? answerRecipients(original.mail, from, input.mode === 'replyAll') : undefined;
  const content: DraftContent = {
    from,
    to: [...(answered?.to.map(strip) ?? []), ...input.to],
    cc: [...(answered?.cc.map(strip) ?? []), ...input.cc],
    bcc: input.bcc,
    subject: input.subject ?? (original ? answerSubject(original.mail.subject, kind) : ''),
    // A forward keeps the original's files: the same objects, referenced again.
    attachments: original && input.mode === 'forward' ? original.mail.attachments : [],
  };
  const html = `${input.html ?? ''}${original ? quoteOf(original.mail, original.body.html, kind) : ''}`;
  const body = bodyOf(html);
  const now = new Date().toISOString();
  const draft = newDraftRecord({
    ownerId,
    id: ulid(),
    thread: original ? answerTo(original.mail) : newThread(),
    content,
    text: body.text,
    remoteImages: body.remoteImages,
    now,
  });
  await storeNewMail(draft, { html: body.html, text: body.text });
  return toMailDetail(draft, body);
};

export const saveOwnDraft = async (
  caller: Caller,
  id: string,
  request: () => SaveDraftRequest,
): Promise<MailDetail> => {
  const ownerId = authorizeCompose(caller);
  const current = await ownDraft(ownerId, id);
  const input = request();
  if (current.mail.version !== input.version) throw staleDraft(current);
  const body = bodyOf(input.html);
  const draft = changedDraft(
    current.mail,
    { to: input.to, cc: input.cc, bcc: input.bcc, subject: input.subject },
    body.text,
    body.remoteImages,
    new Date().toISOString(),
  );
  try {
    await saveDraft(draft, input.version, { html: body.html, text: body.text });
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('draft')) {
      const now = await getMailWithBody(ownerId, id);
      if (!now || now.mail.folder !== 'draft') throw new NotFoundError('Draft not found');
      throw staleDraft(now);
    }
    throw error;
  }
  return toMailDetail(draft, body);
};

export const discardOwnDraft = async (caller: Caller, id: string, version: () => number | undefined): Promise<void> => {
  const ownerId = authorizeCompose(caller);
  const current = await ownDraft(ownerId, id);
  const read = version();
  if (read !== undefined && read !== current.mail.version) throw staleDraft(current);
  try {
    await discardDraft(ownerId, id, read);
    // Its uploads go with it: the client's plan storage gets their bytes back.
    await changeStorageUsage(ownerId, -clientUploadBytes(caller, current.mail.attachments));
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('draft')) {
      const now = await getMailWithBody(ownerId, id);
      if (!now || now.mail.folder !== 'draft') throw new NotFoundError('Draft not found');
      throw staleDraft(now);
    }
    throw error;
  }
};
