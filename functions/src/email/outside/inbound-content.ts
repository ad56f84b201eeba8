import { createHash } from 'node:crypto';

import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';

import { attachmentTypes, mailLimits } from '../contract';
import type { MailAddress, MailAttachment, MailRecord } from '../records';
import { htmlToText, sanitizeMailHtml } from '../sanitize';
import { boundedReferences, maxMessageIdLength, threadIdOf, threadRoot } from '../threading';
import { searchWords } from '../words';
import { InboundMailRefused } from './inbound-errors';

/**
 * What an outside mail holds, read with bounded work and kept with bounded size (docs/email.md,
 * "Inbound"): anyone can send one, up to 40 MB, so every step is linear and what is kept has a
 * ceiling. mailparser bounds the MIME structure itself (1 MB of headers a part, 1 000 parts) and
 * throws past it, as on bytes it cannot read: that mail is refused for good (inbound-errors.ts).
 * Its HTML-to-text conversion is not bounded (5 MB of HTML took 2.4 s), so the text of an
 * HTML-only mail is made here from the sanitised HTML, which is cut first.
 *
 * A DynamoDB item holds 400 KB, counted in UTF-8 bytes, and a write past it fails every time:
 * the mail item (every header kept, the recipient lists, the attachments' names) stays under
 * ~150 KB and the body item under ~310 KB, whatever the headers and the body hold.
 */

/** The text part kept, in UTF-8 bytes: the snippet, the search words and a reply's quote need far less. */
export const inboundTextMaxLength = 100_000;

/** To and Cc each keep at most this many addresses, within `inboundRecipientsMaxChars` characters. */
export const inboundRecipientsKept = 100;
export const inboundRecipientsMaxChars = 10_000;
/** RFC 5321 (4.5.3.1.3): a path holds 256 octets, its brackets included. */
export const addressMaxLength = 254;
export const nameMaxLength = 100;
const attachmentNameMaxLength = 255;
/** Dropped attachments each get a note in the body, up to this many; then one note counts the rest. */
const droppedNotesMax = 10;

export const parseInboundMail = async (raw: Buffer): Promise<ParsedMail> => {
  try {
    return await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, skipHtmlToText: true });
  } catch (cause) {
    throw new InboundMailRefused(
      `The mail could not be read (${cause instanceof Error ? cause.message : 'unreadable MIME'})`,
      { cause },
    );
  }
};

const encoder = new TextEncoder();

/** At most `maxBytes` of UTF-8, never splitting a character. */
export const cutToUtf8Bytes = (text: string, maxBytes: number): string => {
  // A UTF-16 unit is at most 3 bytes of UTF-8, and at least one.
  if (text.length * 3 <= maxBytes) return text;
  const head = text.slice(0, maxBytes);
  return head.slice(0, encoder.encodeInto(head, new Uint8Array(maxBytes)).read);
};

const asList = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).filter((id) => id.length > 0);

const usableId = (id: string | undefined): string | undefined => {
  const trimmed = id?.trim();
  return trimmed && trimmed.length <= maxMessageIdLength ? trimmed : undefined;
};

/**
 * Message-ID, In-Reply-To and References as kept: an id too long to key on counts as missing
 * (a mail without a Message-ID gets one from its bytes: the same mail delivered twice is still
 * one), References bounded (threading.ts).
 */
export const inboundIdsOf = (parsed: Pick<ParsedMail, 'messageId' | 'inReplyTo' | 'references'>, raw: Buffer) => ({
  messageId:
    usableId(parsed.messageId) ??
    `<${createHash('sha256').update(raw).digest('base64url').slice(0, 32)}@inbound.orbit.invalid>`,
  inReplyTo: usableId(parsed.inReplyTo),
  references: boundedReferences(asList(parsed.references)),
});

/** The HTML (sanitised, at most `mailLimits.htmlMaxLength` bytes) and the text part. */
export const inboundBodyOf = (parsed: Pick<ParsedMail, 'html' | 'text' | 'textAsHtml'>) => {
  const sanitised = sanitizeMailHtml(parsed.html || parsed.textAsHtml || '');
  const html = cutToUtf8Bytes(sanitised.html, mailLimits.htmlMaxLength);
  // An HTML-only mail has no text part (`skipHtmlToText`): it is made from the kept HTML.
  const text = cutToUtf8Bytes(parsed.text || htmlToText(html), inboundTextMaxLength).trim();
  return { html, text, remoteImages: sanitised.remoteImages };
};

type AddressHeader = AddressObject | AddressObject[] | undefined;

const entriesOf = (header: AddressHeader) =>
  (Array.isArray(header) ? header : header ? [header] : []).flatMap((group) => group.value);

/** An address as kept: lower-case, its name cut; none past `addressMaxLength` (no such address exists). */
const keptAddress = (address: string | undefined, name?: string): MailAddress | undefined => {
  const lower = address?.trim().toLowerCase();
  if (!lower || lower.length > addressMaxLength) return undefined;
  const shortName = name?.trim().slice(0, nameMaxLength);
  return { address: lower, ...(shortName ? { name: shortName } : {}) };
};

const charsOf = (entry: MailAddress) => entry.address.length + (entry.name?.length ?? 0);

/**
 * To or Cc as kept: the first `inboundRecipientsKept` addresses (within `inboundRecipientsMaxChars`),
 * then each of `ownAddresses` the header names later, once (the workspace's addresses the mail
 * reached: every mailbox still sees the address it was written to); the rest are only counted.
 * Where the mail goes is the envelope's business (its RCPT TO), never this list's.
 */
const boundedRecipients = (
  header: AddressHeader,
  ownAddresses: ReadonlySet<string>,
): { readonly kept: MailAddress[]; readonly omitted: number } => {
  const kept: MailAddress[] = [];
  const ownKept = new Set<string>();
  let listed = 0;
  let chars = 0;
  let omitted = 0;
  for (const entry of entriesOf(header)) {
    // A group's own entry (`undisclosed-recipients:;`) names nobody.
    if (!entry.address) continue;
    const address = keptAddress(entry.address, entry.name);
    if (!address) {
      omitted += 1;
    } else if (listed < inboundRecipientsKept && chars + charsOf(address) <= inboundRecipientsMaxChars) {
      kept.push(address);
      listed += 1;
      chars += charsOf(address);
      if (ownAddresses.has(address.address)) ownKept.add(address.address);
    } else if (ownAddresses.has(address.address) && !ownKept.has(address.address)) {
      kept.push(address);
      ownKept.add(address.address);
    } else {
      // Once the list is full it stays full: later entries are counted, never let in.
      listed = inboundRecipientsKept;
      omitted += 1;
    }
  }
  return { kept, omitted };
};

/** The mail's sender: From's first address, else the envelope's (MAIL FROM), each bounded. */
const inboundSenderOf = (header: AddressHeader, envelopeFrom: string | undefined): MailAddress => {
  const first = entriesOf(header).find((entry) => entry.address);
  return keptAddress(first?.address, first?.name) ?? keptAddress(envelopeFrom) ?? { address: '' };
};

const isAcceptedType = (attachment: Attachment) =>
  (attachmentTypes as readonly string[]).includes(attachment.contentType.toLowerCase());

/**
 * The attachments kept, as compose allows them (`mailLimits`: accepted types, 10 MB each, 25 MB
 * and 20 files a mail), in their order; a note for each dropped one (at most ten, then one
 * counting the rest) to show in the body.
 */
const inboundAttachmentsOf = (attachments: readonly Attachment[]) => {
  const accepted: Attachment[] = [];
  const dropped: Attachment[] = [];
  let bytes = 0;
  for (const attachment of attachments) {
    const fits =
      isAcceptedType(attachment) &&
      attachment.size <= mailLimits.attachmentMaxBytes &&
      accepted.length < mailLimits.maxAttachments &&
      bytes + attachment.size <= mailLimits.mailAttachmentsMaxBytes;
    if (fits) {
      accepted.push(attachment);
      bytes += attachment.size;
    } else dropped.push(attachment);
  }
  const notes = dropped
    .slice(0, droppedNotesMax)
    .map(
      (attachment) =>
        `[Attachment "${(attachment.filename ?? 'unnamed').slice(0, nameMaxLength)}" (${attachment.contentType.slice(0, nameMaxLength)}, ${attachment.size} bytes) was not kept: only the accepted types up to 10 MB are, ${mailLimits.maxAttachments} files and 25 MB a mail.]`,
    );
  const more = dropped.length - droppedNotesMax;
  if (more > 0) notes.push(`[${more} more attachment${more === 1 ? ' was' : 's were'} not kept.]`);
  return { accepted, notes };
};

/** The stored attachments' records: `mail/<firstCopyId>-<n>`, shared by every mailbox's copy. */
export const inboundAttachmentRecords = (mailId: string, accepted: readonly Attachment[]): MailAttachment[] =>
  accepted.map((attachment, index) => ({
    id: `${mailId}-${index + 1}`,
    name: (attachment.filename ?? `attachment-${index + 1}`).slice(0, attachmentNameMaxLength),
    type: attachment.contentType.toLowerCase(),
    size: attachment.size,
    key: `mail/${mailId}-${index + 1}`,
  }));

const omittedNote = (omitted: number) =>
  omitted > 0
    ? [`[Also addressed to ${omitted.toLocaleString('en-US')} more recipient${omitted === 1 ? '' : 's'}, not listed.]`]
    : [];

/** What every mailbox's copy of an outside mail shares: its headers and body, bounded. */
export interface InboundContent {
  readonly from: MailAddress;
  readonly to: readonly MailAddress[];
  readonly cc: readonly MailAddress[];
  readonly subject: string;
  /** The Date header when it is a date. */
  readonly date?: Date;
  readonly html: string;
  readonly text: string;
  readonly remoteImages: boolean;
  /** The attachments to store (inboundAttachmentsOf). */
  readonly attachments: readonly Attachment[];
}

export const inboundContentOf = (
  parsed: ParsedMail,
  envelopeFrom: string | undefined,
  ownAddresses: ReadonlySet<string>,
): InboundContent => {
  const body = inboundBodyOf(parsed);
  const to = boundedRecipients(parsed.to, ownAddresses);
  const cc = boundedRecipients(parsed.cc, ownAddresses);
  const { accepted, notes: attachmentNotes } = inboundAttachmentsOf(parsed.attachments);
  const notes = [...omittedNote(to.omitted + cc.omitted), ...attachmentNotes];
  return {
    from: inboundSenderOf(parsed.from, envelopeFrom),
    to: to.kept,
    cc: cc.kept,
    subject: (parsed.subject ?? '').slice(0, mailLimits.subjectMaxLength),
    ...(parsed.date && !Number.isNaN(parsed.date.getTime()) ? { date: parsed.date } : {}),
    html: `${body.html}${notes.map((note) => `<p>${note.replace(/[<>&"]/g, '')}</p>`).join('')}`,
    text: [body.text, ...notes].filter(Boolean).join('\n\n'),
    remoteImages: body.remoteImages,
    attachments: accepted,
  };
};

/** One mailbox's copy of an outside mail, as stored. */
export const inboundMailRecord = (
  content: InboundContent,
  ids: { readonly messageId: string; readonly inReplyTo?: string | undefined; readonly references: readonly string[] },
  copy: {
    readonly ownerId: string;
    readonly mailId: string;
    readonly attachments: readonly MailAttachment[];
    readonly spamVerdict: NonNullable<MailRecord['spamVerdict']>;
    readonly now: Date;
  },
): MailRecord => {
  const { from, to, cc, subject, text } = content;
  const spam = copy.spamVerdict === 'FAIL';
  const participants = [from, ...to, ...cc].flatMap((entry) => [entry.address, entry.name ?? '']);
  return {
    ownerId: copy.ownerId,
    id: copy.mailId,
    messageId: ids.messageId,
    ...(ids.inReplyTo ? { inReplyTo: ids.inReplyTo } : {}),
    references: [...ids.references],
    threadId: threadIdOf(threadRoot(ids.messageId, ids.inReplyTo, ids.references)),
    folder: spam ? 'spam' : 'inbox',
    ...(spam ? { previousFolder: 'inbox' as const } : {}),
    labels: [],
    read: false,
    starred: false,
    from,
    to: [...to],
    cc: [...cc],
    bcc: [],
    subject,
    snippet: text.replace(/\s+/g, ' ').slice(0, 200),
    attachments: [...copy.attachments],
    remoteImages: content.remoteImages,
    spamVerdict: copy.spamVerdict,
    words: searchWords(subject, text, ...participants),
    date: (content.date ?? copy.now).toISOString(),
    createdAt: copy.now.toISOString(),
    updatedAt: copy.now.toISOString(),
    version: 1,
  };
};
