import type { MailSummary } from './contract';
import type { MailRecord } from './records';

/**
 * A mail's list row (contract.ts), for every route and live frame that answers one: never the
 * body, the search words or object keys. Bcc is stored only on the sender's own copy and drafts,
 * and is kept out of every other copy anyway. No sanitiser here: the worker's bundle uses it.
 */
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
  bcc: mail.folder === 'draft' || mail.from.userId === mail.ownerId ? [...mail.bcc] : [],
  subject: mail.subject,
  snippet: mail.snippet,
  hasAttachments: mail.attachments.length > 0,
  date: mail.date,
  version: mail.version,
});
