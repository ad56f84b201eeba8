import type { MailSummary } from '../contract';
import type { MailRecord } from '../records';

/** A list row of a mail (the `email.received` frame's): never the body, Bcc only on the sender's copy. */
export const toMailSummary = (mail: MailRecord): MailSummary => ({
  id: mail.id,
  threadId: mail.threadId,
  folder: mail.folder,
  labels: [...mail.labels],
  read: mail.read,
  starred: mail.starred,
  from: mail.from,
  to: [...mail.to],
  cc: [...mail.cc],
  bcc: [...mail.bcc],
  subject: mail.subject,
  snippet: mail.snippet,
  hasAttachments: mail.attachments.length > 0,
  date: mail.date,
  version: mail.version,
});
