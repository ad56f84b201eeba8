import type { MailDetail, MailSummary } from './contract';
import type { MailBody, MailRecord } from './records';

/**
 * A mail as the compose routes and the live frames answer it (contract.ts). Bcc and the
 * recipients' statuses are shown only where the record holds them: the sender's copy and drafts
 * (a recipient's copy never has them).
 */
const address = (value: MailRecord['from']) => ({
  address: value.address,
  ...(value.name ? { name: value.name } : {}),
  ...(value.userId ? { userId: value.userId } : {}),
});

export const toMailSummary = (mail: MailRecord): MailSummary => ({
  id: mail.id,
  threadId: mail.threadId,
  folder: mail.folder,
  labels: [...mail.labels],
  read: mail.read,
  starred: mail.starred,
  from: address(mail.from),
  to: mail.to.map(address),
  cc: mail.cc.map(address),
  bcc: mail.bcc.map(address),
  subject: mail.subject,
  snippet: mail.snippet,
  hasAttachments: mail.attachments.length > 0,
  date: mail.date,
  version: mail.version,
});

export const toMailDetail = (mail: MailRecord, body: Pick<MailBody, 'html' | 'text'>): MailDetail => ({
  ...toMailSummary(mail),
  messageId: mail.messageId,
  ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
  references: [...mail.references],
  html: body.html,
  text: body.text,
  remoteImages: mail.remoteImages ?? false,
  showImages: false,
  attachments: mail.attachments.map(({ id, name, type, size }) => ({ id, name, type, size })),
  recipients: (mail.recipients ?? []).map((status) => ({ ...status })),
});
