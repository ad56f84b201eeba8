import MailComposer from 'nodemailer/lib/mail-composer';

import type { MailAddress, MailRecord } from '../records';

/**
 * A sent mail as raw MIME for the outside world (nodemailer's composer: the library's MIME
 * builder alone, without its transports). Message-ID, In-Reply-To and References are the
 * mail's own, so a reply from outside threads with it; To and Cc are every visible recipient;
 * Bcc is never a header (its addresses are only in the envelope).
 */
export interface RawMailInput {
  readonly mail: Pick<MailRecord, 'messageId' | 'inReplyTo' | 'references' | 'to' | 'cc' | 'subject' | 'date'>;
  readonly from: { readonly address: string; readonly name: string };
  readonly replyTo: string;
  readonly html: string;
  readonly text: string;
  readonly attachments: readonly { readonly name: string; readonly type: string; readonly content: Buffer }[];
}

const header = ({ address, name }: MailAddress) => (name ? { address, name } : address);

export const buildRawMail = (input: RawMailInput): Promise<Buffer> => {
  const { mail } = input;
  const composer = new MailComposer({
    from: { address: input.from.address, name: input.from.name },
    replyTo: input.replyTo,
    to: mail.to.map(header),
    cc: mail.cc.map(header),
    subject: mail.subject,
    messageId: mail.messageId,
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
    ...(mail.references.length > 0 ? { references: [...mail.references] } : {}),
    date: new Date(mail.date),
    text: input.text,
    html: input.html,
    attachments: input.attachments.map((attachment) => ({
      filename: attachment.name,
      contentType: attachment.type,
      content: attachment.content,
    })),
  });
  return composer.compile().build();
};

/** "Ada Lovelace via Orbit Agency": who wrote it, through whose address. */
export const senderDisplayName = (senderName: string | undefined, channelName: string): string => {
  const name = senderName?.trim();
  if (!name) return channelName;
  return channelName ? `${name} via ${channelName}` : name;
};
