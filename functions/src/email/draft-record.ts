import type { MailAddress, MailAttachment, MailRecord } from './records';
import type { ThreadHeaders } from './threading';
import { searchWords } from './words';

/**
 * What a draft's fields make of a mail record, pure: the list's snippet and the search words
 * from its text (mail-body.ts makes the body). Every write of a draft (create, save, attach),
 * the send and a delivered copy go through here, so the stored mail always agrees with its
 * body. No sanitiser here: the worker's delivery imports this, and its bundle has no room for it.
 */

export const snippetLength = 200;

export interface DraftContent {
  readonly from: MailAddress;
  readonly to: readonly MailAddress[];
  readonly cc: readonly MailAddress[];
  readonly bcc: readonly MailAddress[];
  readonly subject: string;
  readonly attachments: readonly MailAttachment[];
}

const participants = (content: DraftContent) =>
  [content.from, ...content.to, ...content.cc, ...content.bcc].flatMap((entry) => [entry.name ?? '', entry.address]);

/** The derived fields of a mail from its content and text. */
export const derivedFields = (content: DraftContent, text: string) => ({
  snippet: text.replace(/\s+/g, ' ').trim().slice(0, snippetLength),
  words: searchWords(content.subject, text, ...participants(content), ...content.attachments.map((file) => file.name)),
});

export const newDraftRecord = (input: {
  ownerId: string;
  id: string;
  thread: ThreadHeaders;
  content: DraftContent;
  text: string;
  remoteImages: boolean;
  now: string;
}): MailRecord => ({
  ownerId: input.ownerId,
  id: input.id,
  messageId: input.thread.messageId,
  ...(input.thread.inReplyTo ? { inReplyTo: input.thread.inReplyTo } : {}),
  references: [...input.thread.references],
  threadId: input.thread.threadId,
  folder: 'draft',
  labels: [],
  read: true,
  starred: false,
  from: input.content.from,
  to: [...input.content.to],
  cc: [...input.content.cc],
  bcc: [...input.content.bcc],
  subject: input.content.subject,
  attachments: [...input.content.attachments],
  ...(input.remoteImages ? { remoteImages: true } : {}),
  ...derivedFields(input.content, input.text),
  date: input.now,
  createdAt: input.now,
  updatedAt: input.now,
  version: 1,
});

/** The draft after a change of its content (a save, an attachment): one version more. */
export const changedDraft = (
  draft: MailRecord,
  change: Partial<DraftContent>,
  text: string,
  remoteImages: boolean,
  now: string,
): MailRecord => {
  const content: DraftContent = {
    from: draft.from,
    to: change.to ?? draft.to,
    cc: change.cc ?? draft.cc,
    bcc: change.bcc ?? draft.bcc,
    subject: change.subject ?? draft.subject,
    attachments: change.attachments ?? draft.attachments,
  };
  const { remoteImages: _previous, ...rest } = draft;
  return {
    ...rest,
    ...content,
    to: [...content.to],
    cc: [...content.cc],
    bcc: [...content.bcc],
    attachments: [...content.attachments],
    ...(remoteImages ? { remoteImages: true } : {}),
    ...derivedFields(content, text),
    date: now,
    updatedAt: now,
    version: draft.version + 1,
  };
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const named = (entry: MailAddress) =>
  entry.name ? `${escapeHtml(entry.name)} &lt;${escapeHtml(entry.address)}&gt;` : escapeHtml(entry.address);

/**
 * The original below a reply or a forward, as mail clients quote it: who wrote it and when, then
 * its (already sanitised) HTML in a blockquote. The date as mail headers write it (RFC 5322, in
 * UTC): the quote is text in the body, which no client formats again, and the draft's language is
 * not known here.
 */
const headerDate = (iso: string) => new Date(iso).toUTCString();

export const quoteOf = (original: MailRecord, html: string, kind: 'reply' | 'forward'): string => {
  const header =
    kind === 'reply'
      ? `<p>${escapeHtml(headerDate(original.date))}, ${named(original.from)}:</p>`
      : `<p>---------- Forwarded message ----------<br>From: ${named(original.from)}<br>Date: ${escapeHtml(
          headerDate(original.date),
        )}<br>Subject: ${escapeHtml(original.subject)}<br>To: ${original.to.map(named).join(', ')}</p>`;
  return `<p></p>${header}<blockquote>${html}</blockquote>`;
};
