/**
 * The mailbox's records (docs/email.md). Every user has a mailbox of their own: a mail sent
 * between two workspace users is two records, the sender's copy (folder `sent`) and the
 * recipient's (folder `inbox`), under the same id, so delivering twice finds the copy there.
 */

/** The folders a mail lives in. `starred` is a flag, shown as a folder (see mailFilters). */
export const mailFolders = ['inbox', 'sent', 'draft', 'spam', 'trash'] as const;
export type MailFolder = (typeof mailFolders)[number];

/** The `:filter` route parameter: the folders and the starred view, exactly these. */
export const mailFilters = ['inbox', 'sent', 'draft', 'starred', 'spam', 'trash'] as const;
export type MailFilter = (typeof mailFilters)[number];

/** The `:label` route parameter, exactly these. A mail carries any of them. */
export const mailLabels = ['personal', 'company', 'important', 'private'] as const;
export type MailLabel = (typeof mailLabels)[number];

export interface MailAddress {
  /** Lower-case. */
  readonly address: string;
  readonly name?: string;
  /** Set when the address is a workspace user's (internal delivery). */
  readonly userId?: string;
}

/**
 * Where a sent mail got to, per recipient, on the sender's copy:
 * - internal: `delivered` once the recipient's copy is in their inbox;
 * - outside: `queued` → `sent` (SES accepted it) → `delivered` | `bounced` | `complained`
 *   (SES events), or `suppressed` (an address that bounced or complained before: not sent),
 *   or `failed` (the send failed for good).
 */
export const recipientStatuses = [
  'queued',
  'sent',
  'delivered',
  'bounced',
  'complained',
  'suppressed',
  'failed',
] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

export interface MailRecipientStatus {
  readonly address: string;
  readonly internal: boolean;
  readonly status: RecipientStatus;
  /** ISO 8601 of the last change. */
  readonly at: string;
  /** What went wrong, for bounced / failed (a provider's diagnostic, never a secret). */
  readonly detail?: string;
}

export interface MailAttachment {
  readonly id: string;
  readonly name: string;
  /** MIME type, checked against the allowed list on the server. */
  readonly type: string;
  readonly size: number;
  /** The object's key in the attachments bucket. */
  readonly key: string;
}

/** One mail in one mailbox: everything a list row and the reading pane's header need. */
export interface MailRecord {
  readonly ownerId: string;
  /** ULID: sorts newest first; shared by the copies of one sent mail. */
  readonly id: string;
  /** RFC 5322 Message-ID, with angle brackets. */
  readonly messageId: string;
  readonly inReplyTo?: string;
  /** RFC 5322 References, oldest first. */
  readonly references: readonly string[];
  /** The thread: a hash (base64url, 22 characters) of its first Message-ID (References[0], else In-Reply-To, else its own). */
  readonly threadId: string;
  readonly folder: MailFolder;
  /** Where it was before trash or spam, to restore it there. */
  readonly previousFolder?: MailFolder;
  readonly labels: readonly MailLabel[];
  readonly read: boolean;
  readonly starred: boolean;
  readonly from: MailAddress;
  readonly to: readonly MailAddress[];
  readonly cc: readonly MailAddress[];
  /** Only on the sender's own copy and drafts: nobody else ever sees Bcc. */
  readonly bcc: readonly MailAddress[];
  readonly subject: string;
  /** The text part's first 200 characters, for the list. */
  readonly snippet: string;
  readonly attachments: readonly MailAttachment[];
  /** Sent copies: each recipient's delivery (see RecipientStatus). */
  readonly recipients?: readonly MailRecipientStatus[];
  /** Inbound from outside: the sanitised HTML had remote images, shown only when the reader allows. */
  readonly remoteImages?: boolean;
  /** The reader allowed this mail's remote images (PATCH showImages): the opened mail loads them. */
  readonly showImages?: boolean;
  /** Inbound from outside: the spam verdict that filed it (SES receipt or the local listener). */
  readonly spamVerdict?: 'PASS' | 'FAIL' | 'GRAY' | 'PROCESSING_FAILED';
  /** Normalised words of subject, text and participants (docs/email.md, "Search"). */
  readonly words: string;
  /** When it was sent (drafts: last saved). ISO 8601. */
  readonly date: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Drafts: increases with every save; a save or send names the version it read (409 when stale). */
  readonly version: number;
}

/** The body, in its own item: lists and search never read it. */
export interface MailBody {
  readonly ownerId: string;
  readonly id: string;
  /** Sanitised HTML. */
  readonly html: string;
  readonly text: string;
}
