import type { AccessPattern } from './access-patterns';

/**
 * The email area's rows of the access-pattern table (core/access-patterns.ts, which joins them):
 * the mailbox's partition and indexes (email/entities.ts) and the outside world's links, claims
 * and suppression list (email/outside/entities.ts). Checked by the same test as every row.
 */
export const emailAccessPatterns = [
  // Email (email/entities.ts; docs/email.md, "Storage"): one partition per mailbox.
  {
    entity: 'Mail',
    module: 'email/entities.ts',
    index: 'table',
    pk: 'MAILBOX#<userId>',
    sk: 'MAIL#<mailId>',
    patterns: [
      'one mail of the caller (open, change, delete; a delivery writes it only if absent)',
      "search, the label and starred views: the caller's mails, newest first, filtered",
    ],
  },
  {
    entity: 'Mail',
    module: 'email/entities.ts',
    index: 'gsi1',
    pk: 'MAILFOLDER#<userId>#<folder>',
    sk: '<mailId>',
    patterns: ["a folder's page, newest first, by cursor (its cost is the page's, whatever the mailbox's size)"],
  },
  {
    entity: 'Mail',
    module: 'email/entities.ts',
    index: 'gsi2',
    pk: 'MAILTHREAD#<userId>#<threadId>',
    sk: '<mailId>',
    patterns: ["a thread's mails in one mailbox, oldest first"],
  },
  {
    entity: 'MailBody',
    module: 'email/entities.ts',
    index: 'table',
    pk: 'MAILBOX#<userId>',
    sk: 'BODY#<mailId>',
    patterns: ["an opened mail's sanitised HTML and text"],
  },
  {
    entity: 'MailCounts',
    module: 'email/entities.ts',
    index: 'table',
    pk: 'MAILBOX#<userId>',
    sk: 'COUNTS',
    patterns: ["the side panel's counters, changed in every transaction that changes a mail"],
  },
  // Email with the outside world (email/outside/entities.ts; docs/email.md, "Delivery", "Inbound").
  {
    entity: 'MailSuppression',
    module: 'core/email-suppression.ts',
    index: 'table',
    pk: 'MAILSUPPRESSED#<address>',
    sk: 'SUPPRESSED',
    patterns: ['an outside send skips an address that bounced for good or complained (one GetItem per recipient)'],
  },
  {
    entity: 'MailSuppression',
    module: 'core/email-suppression.ts',
    index: 'gsi1',
    pk: 'MAILSUPPRESSED',
    sk: '<address>',
    patterns: ["a mailing's audience leaves out every suppressed address (one Query, every page)"],
  },
  {
    entity: 'MailSesMessage',
    module: 'email/outside/entities.ts',
    index: 'table',
    pk: 'MAILSES#<sesMessageId>',
    sk: 'SES',
    patterns: ["an SES event finds the sender's copy it is about"],
  },
  {
    entity: 'MailMessageId',
    module: 'email/outside/entities.ts',
    index: 'table',
    pk: 'MAILMSGID#<messageIdHash>',
    sk: 'MSGID',
    patterns: ["a reply from outside to the workspace's address finds the mailbox of the mail it answers"],
  },
  {
    entity: 'MailInboundClaim',
    module: 'email/outside/entities.ts',
    index: 'table',
    pk: 'MAILBOX#<userId>',
    sk: 'INBOUND#<messageIdHash>',
    patterns: ['an inbound Message-ID is stored once per mailbox (claimed in the mail’s transaction)'],
  },
  {
    entity: 'MailOutsideSend',
    module: 'email/outside/entities.ts',
    index: 'table',
    pk: 'MAILBOX#<userId>',
    sk: 'OUTSIDESEND#<mailId>',
    patterns: ['a mail is sent outside at most once (claimed before the SES call)'],
  },
] as const satisfies readonly AccessPattern[];
