import MailComposer from 'nodemailer/lib/mail-composer';

import type { EmailChannel } from '../core/email-channel';
import { sendRawEmail } from '../core/transports/email';
import type { RecipientRecord } from './delivery-entities';
import { renderForRecipient } from './delivery-render';
import { signUnsubscribeToken } from './unsubscribe-token';

/**
 * One recipient's email (docs/mailings.md, "Delivery"): raw MIME from the email channel's
 * address, subject and body with the person's variables, the RFC 8058 one-click headers
 * (`List-Unsubscribe` with the signed link and a mailto, `List-Unsubscribe-Post`) and a footer
 * link to the public unsubscribe page in the recipient's language.
 */
const footerText = {
  en: { line: 'You receive this because you are in touch with {name}.', link: 'Unsubscribe' },
  fr: { line: 'Vous recevez ce message car vous êtes en contact avec {name}.', link: 'Se désabonner' },
  ar: { line: 'تتلقى هذه الرسالة لأنك على تواصل مع {name}.', link: 'إلغاء الاشتراك' },
} as const;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** The deployment's public address (PUBLIC_BASE_URL), as the team invitations and channels use it. */
export const publicBaseUrl = (): string => (process.env.PUBLIC_BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');

export const unsubscribeLinks = async (recipient: Pick<RecipientRecord, 'personId' | 'mailingId'>) => {
  const token = await signUnsubscribeToken(recipient);
  const base = publicBaseUrl();
  return { token, oneClick: `${base}/api/mailings/unsubscribe/${token}`, page: `${base}/unsubscribe/${token}` };
};

const htmlToText = (html: string) =>
  html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export interface MailingContent {
  readonly mailingId: string;
  readonly subject: string;
  readonly html: string;
}

export const buildMailingEmail = async (
  content: MailingContent,
  recipient: Pick<RecipientRecord, 'personId' | 'fullName' | 'address' | 'language'>,
  channel: Pick<EmailChannel, 'fromAddress' | 'fromName'>,
  options: { test?: boolean } = {},
): Promise<Buffer> => {
  const links = await unsubscribeLinks({ personId: recipient.personId, mailingId: content.mailingId });
  const strings = footerText[recipient.language] ?? footerText.en;
  const line = strings.line.replace('{name}', channel.fromName || channel.fromAddress);
  const rendered = renderForRecipient(content, recipient);
  const subject = options.test ? `[Test] ${rendered.subject}` : rendered.subject;
  const direction = recipient.language === 'ar' ? 'rtl' : 'ltr';
  const footer =
    `<hr><p dir="${direction}" style="font-size:12px;color:#666">${escapeHtml(line)} ` +
    `<a href="${escapeHtml(links.page)}">${escapeHtml(strings.link)}</a></p>`;
  const composer = new MailComposer({
    from: { address: channel.fromAddress, name: channel.fromName || channel.fromAddress },
    to: recipient.fullName ? { address: recipient.address, name: recipient.fullName } : recipient.address,
    subject,
    html: `${rendered.html}${footer}`,
    text: `${htmlToText(rendered.html)}\n\n--\n${line}\n${strings.link}: ${links.page}\n`,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>, <mailto:${channel.fromAddress}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Orbit-Mailing': content.mailingId,
    },
  });
  return composer.compile().build();
};

/**
 * One recipient's Telegram message: the body as plain text with the person's variables, and the
 * footer's line and unsubscribe page link in their language (Telegram has no list headers).
 */
export const buildMailingText = async (
  content: MailingContent,
  recipient: Pick<RecipientRecord, 'personId' | 'fullName' | 'language'>,
  senderName: string,
): Promise<string> => {
  const links = await unsubscribeLinks({ personId: recipient.personId, mailingId: content.mailingId });
  const strings = footerText[recipient.language] ?? footerText.en;
  const rendered = renderForRecipient(content, recipient);
  // Telegram's limit is 4 096 characters a message: the footer always fits.
  const footer = `\n\n--\n${strings.line.replace('{name}', senderName)}\n${strings.link}: ${links.page}`;
  return `${htmlToText(rendered.html).slice(0, 4096 - footer.length)}${footer}`;
};

export const sendMailingEmail = async (raw: Buffer, address: string, signal?: AbortSignal) =>
  sendRawEmail(raw, [address], signal);
