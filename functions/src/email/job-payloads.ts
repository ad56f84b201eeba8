/**
 * The email area's background work (docs/email.md, "Delivery"):
 * - `email.deliver`: a sent mail's internal recipients get their inbox copy (at least once: a
 *   copy already there is kept), then its outside recipients are handed to `email.send-outside`;
 * - `email.send-outside`: one SES send of the mail to its outside recipients that are not
 *   suppressed (at most once: an outside send never repeats by itself).
 */
export interface MailJobPayload {
  /** The sender's mailbox, where the sent copy is. */
  readonly ownerId: string;
  readonly mailId: string;
}

declare module '../core/jobs/records' {
  interface JobPayloads {
    'email.deliver': MailJobPayload;
    'email.send-outside': MailJobPayload;
  }
}
