import { createHash } from 'node:crypto';

import { defineEntity } from '../../core/entity';

/**
 * The outside world's keys (rows in core/access-patterns.ts; docs/email.md, "Delivery"):
 * - SES message: the id SES gave a send → the sender's copy, for SES events;
 * - Message-ID: a sent mail's Message-ID → the sender's copy, for replies from outside;
 * - inbound claim: a Message-ID delivered to one mailbox, so a repeat stores nothing.
 */

export interface MailLink {
  readonly ownerId: string;
  readonly mailId: string;
}

export interface SesMessageLink extends MailLink {
  readonly sesMessageId: string;
  /** The mail's own Message-ID: SES replaces it with `<sesMessageId@…amazonses.com>` on the way out. */
  readonly messageId: string;
}

export const sesMessageEntity = defineEntity<SesMessageLink, [sesMessageId: string]>({
  type: 'MailSesMessage',
  key: (sesMessageId) => ({ pk: `MAILSES#${sesMessageId}`, sk: 'SES' }),
  keyOf: (link) => ({ pk: `MAILSES#${link.sesMessageId}`, sk: 'SES' }),
});

export interface MessageIdLink extends MailLink {
  readonly messageId: string;
}

/** Message-IDs are long and may hold any printable character: the key holds their hash. */
export const messageIdHash = (messageId: string): string =>
  createHash('sha256').update(messageId.trim()).digest('base64url').slice(0, 32);

export const messageIdEntity = defineEntity<MessageIdLink, [messageId: string]>({
  type: 'MailMessageId',
  key: (messageId) => ({ pk: `MAILMSGID#${messageIdHash(messageId)}`, sk: 'MSGID' }),
  keyOf: (link) => ({ pk: `MAILMSGID#${messageIdHash(link.messageId)}`, sk: 'MSGID' }),
});

/** In the recipient's mailbox partition: one inbound delivery of a Message-ID. */
export const inboundClaimKey = (ownerId: string, messageId: string) => ({
  pk: `MAILBOX#${ownerId}`,
  sk: `INBOUND#${messageIdHash(messageId)}`,
});
export const inboundClaimType = 'MailInboundClaim';

/** In the sender's mailbox partition: the outside send of one mail, claimed before SES is called. */
export const sendClaimKey = (ownerId: string, mailId: string) => ({
  pk: `MAILBOX#${ownerId}`,
  sk: `OUTSIDESEND#${mailId}`,
});
export const outsideSendClaimType = 'MailOutsideSend';
