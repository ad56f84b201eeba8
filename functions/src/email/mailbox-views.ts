import type { MailDetail, MailSummary } from './contract';
import type { MailBody, MailRecord } from './records';
import { withRemoteImages } from './sanitize';

/** What the routes return of a stored mail (contract.ts): never its search words or object keys. */

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
  // Stored only on the sender's own copy and drafts; kept out of every other copy anyway.
  bcc: mail.folder === 'draft' || mail.from.userId === mail.ownerId ? [...mail.bcc] : [],
  subject: mail.subject,
  snippet: mail.snippet,
  hasAttachments: mail.attachments.length > 0,
  date: mail.date,
  version: mail.version,
});

export const toMailDetail = (mail: MailRecord, body: Pick<MailBody, 'html' | 'text'> | undefined): MailDetail => {
  const showImages = mail.showImages ?? false;
  const html = body?.html ?? '';
  return {
    ...toMailSummary(mail),
    messageId: mail.messageId,
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    references: [...mail.references],
    // Remote images load only once the reader allowed them for this mail (a tracking pixel tells the sender you read it).
    html: showImages ? withRemoteImages(html) : html,
    text: body?.text ?? '',
    remoteImages: mail.remoteImages ?? false,
    showImages,
    attachments: mail.attachments.map(({ id, name, type, size }) => ({ id, name, type, size })),
    recipients: [...(mail.recipients ?? [])],
  };
};
