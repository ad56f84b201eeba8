import * as v from 'valibot';

import { object } from '../core/schema';
import type { MailCounts } from './counts';
import {
  mailFilters,
  mailFolders,
  mailLabels,
  recipientStatuses,
  type MailFilter,
  type MailFolder,
  type MailLabel,
} from './records';

/**
 * The email area's contract (docs/email.md), imported by the web app too: what the routes
 * return, the route parameters, the limits the compose dialog shows, and the live frames.
 */

export {
  mailFilters,
  mailFolders,
  mailLabels,
  recipientStatuses,
  type MailFilter,
  type MailFolder,
  type MailLabel,
  type MailCounts,
};
export type { RecipientStatus } from './records';
export { mailCountNames, type MailCountName } from './counts';

export const isMailFilter = (value: string): value is MailFilter => (mailFilters as readonly string[]).includes(value);
export const isMailLabel = (value: string): value is MailLabel => (mailLabels as readonly string[]).includes(value);

export const mailLimits = {
  /** Each attachment, and all of one mail's together. */
  attachmentMaxBytes: 10 * 1024 * 1024,
  mailAttachmentsMaxBytes: 25 * 1024 * 1024,
  maxAttachments: 20,
  /** To, Cc and Bcc together. */
  maxRecipients: 50,
  subjectMaxLength: 250,
  /** The sanitised HTML body. */
  htmlMaxLength: 200_000,
  pageSizeDefault: 20,
  pageSizeMax: 50,
  bulkMax: 100,
} as const;

/** The attachment types the server accepts (checked when it signs the upload, and on inbound mail). */
export const attachmentTypes = [
  'application/pdf',
  'application/zip',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/plain',
  'text/csv',
  'text/calendar',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;
export type AttachmentType = (typeof attachmentTypes)[number];

export const mailAddress = object({
  address: v.string(),
  name: v.optional(v.string()),
  /** A workspace user's id when the address is theirs. */
  userId: v.optional(v.string()),
});
export type MailAddressView = v.InferOutput<typeof mailAddress>;

export const mailAttachment = object({
  id: v.string(),
  name: v.string(),
  type: v.string(),
  size: v.number(),
});
export type MailAttachmentView = v.InferOutput<typeof mailAttachment>;

export const mailRecipientStatus = object({
  address: v.string(),
  internal: v.boolean(),
  status: v.picklist(recipientStatuses),
  at: v.string(),
  detail: v.optional(v.string()),
});
export type MailRecipientStatusView = v.InferOutput<typeof mailRecipientStatus>;

/** A list row: never the body. */
export const mailSummary = object({
  id: v.string(),
  threadId: v.string(),
  folder: v.picklist(mailFolders),
  labels: v.array(v.picklist(mailLabels)),
  read: v.boolean(),
  starred: v.boolean(),
  from: mailAddress,
  to: v.array(mailAddress),
  cc: v.array(mailAddress),
  /** Only on the sender's own copy and drafts (empty elsewhere). */
  bcc: v.array(mailAddress),
  subject: v.string(),
  snippet: v.string(),
  hasAttachments: v.boolean(),
  /** ISO 8601: sent (received), or last saved for a draft. */
  date: v.string(),
  /** Drafts: the version a save or send must name. */
  version: v.number(),
});
export type MailSummary = v.InferOutput<typeof mailSummary>;

/** An opened mail. */
export const mailDetail = object({
  ...mailSummary.entries,
  messageId: v.string(),
  inReplyTo: v.optional(v.string()),
  references: v.array(v.string()),
  /** Sanitised HTML; remote images are left out unless `showImages` (then `remoteImages` says they were there). */
  html: v.string(),
  text: v.string(),
  remoteImages: v.boolean(),
  showImages: v.boolean(),
  attachments: v.array(mailAttachment),
  /** The sender's copy of a sent mail: each recipient's delivery. */
  recipients: v.array(mailRecipientStatus),
});
export type MailDetail = v.InferOutput<typeof mailDetail>;

export interface MailListResponse {
  readonly mails: readonly MailSummary[];
  readonly nextCursor: string | null;
  readonly counts: MailCounts;
}

export interface MailResponse {
  readonly mail: MailDetail;
  /** The other mails of its thread in this mailbox, oldest first. */
  readonly thread: readonly MailSummary[];
}

export interface RecipientSuggestion {
  readonly address: string;
  readonly name: string;
  readonly avatar: string | null;
  readonly userId?: string;
  /** Staff, client, or a chat contact (lead). */
  readonly kind: 'staff' | 'client' | 'contact';
}

/** Live frames on the app's socket (docs/email.md, "Routes"). */
export type EmailFrame =
  | { readonly type: 'email.received'; readonly mail: MailSummary; readonly counts: MailCounts }
  | { readonly type: 'email.changed'; readonly ids: readonly string[]; readonly counts: MailCounts }
  | {
      readonly type: 'email.status';
      readonly mailId: string;
      readonly recipients: readonly MailRecipientStatusView[];
    };

/** Where a mail may be moved from where it is (docs/email.md, "Folders, labels, counts"). */
export const movableFolders = ['inbox', 'sent', 'spam', 'trash'] as const satisfies readonly MailFolder[];

// Mailbox requests (mailbox-requests.ts): the list's query and the changes, for the web app too.
export {
  bulkMailsRequest,
  changeMailRequest,
  emptiableFolders,
  listMailsQuery,
  mailboxMessages,
  type BulkMailsRequest,
  type ChangeMailRequest,
  type ListMailsQuery,
} from './mailbox-requests';
