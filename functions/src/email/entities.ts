import { defineEntity, type TableKey } from '../core/entity';
import type { MailBody, MailFolder, MailRecord } from './records';

/**
 * The mailbox's entities (their rows in core/access-patterns.ts; docs/email.md, "Storage"). One
 * partition per mailbox holds its mails, their bodies and its counters:
 * - mail: `MAIL#<id>`; gsi1 is the folder's list (newest first), gsi2 the mailbox's thread;
 * - body: `BODY#<id>`, read only when a mail is opened;
 * - counts: the side panel's counters (counts.ts).
 * Search reads the mail items of one mailbox (never the table): `mailsOf`.
 */

const mailboxPartition = (ownerId: string) => `MAILBOX#${ownerId}`;
const mailPrefix = 'MAIL#';

export const folderPartition = (ownerId: string, folder: MailFolder) => `MAILFOLDER#${ownerId}#${folder}`;
export const threadPartition = (ownerId: string, threadId: string) => `MAILTHREAD#${ownerId}#${threadId}`;

export const mailEntity = defineEntity<MailRecord, [ownerId: string, mailId: string]>({
  type: 'Mail',
  key: (ownerId, mailId) => ({ pk: mailboxPartition(ownerId), sk: `${mailPrefix}${mailId}` }),
  keyOf: (mail) => ({ pk: mailboxPartition(mail.ownerId), sk: `${mailPrefix}${mail.id}` }),
  indexKeysOf: (mail) => ({
    gsi1pk: folderPartition(mail.ownerId, mail.folder),
    gsi1sk: mail.id,
    gsi2pk: threadPartition(mail.ownerId, mail.threadId),
    gsi2sk: mail.id,
  }),
});

/** Every mail of one mailbox (search; the label and starred views), newest first. */
export const mailsOf = (ownerId: string) => ({ pk: mailboxPartition(ownerId), skPrefix: mailPrefix });

const bodyPrefix = 'BODY#';
export const mailBodyEntity = defineEntity<MailBody, [ownerId: string, mailId: string]>({
  type: 'MailBody',
  key: (ownerId, mailId) => ({ pk: mailboxPartition(ownerId), sk: `${bodyPrefix}${mailId}` }),
  keyOf: (body) => ({ pk: mailboxPartition(body.ownerId), sk: `${bodyPrefix}${body.id}` }),
});

export const mailCountsEntity = {
  type: 'MailCounts',
  key: (ownerId: string): TableKey => ({ pk: mailboxPartition(ownerId), sk: 'COUNTS' }),
} as const;
