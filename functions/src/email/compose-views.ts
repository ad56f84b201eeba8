import type { MailDetail } from './contract';
import type { MailBody, MailRecord } from './records';
import { toMailSummary } from './summary';

/**
 * A mail as the compose routes and the live frames answer it (contract.ts). Bcc and the
 * recipients' statuses are shown only where the record holds them: the sender's copy and drafts
 * (a recipient's copy never has them).
 */
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
