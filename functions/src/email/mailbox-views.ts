import type { MailDetail } from './contract';
import type { MailBody, MailRecord } from './records';
import { withRemoteImages } from './sanitize';
import { toMailSummary } from './summary';

/** What the routes return of a stored mail (contract.ts): never its search words or object keys. */

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
