import type { AccessPattern } from './access-patterns';

/**
 * The mailings area's rows of the access-pattern table (docs/mailings.md, "Data"): joined into
 * core/access-patterns.ts, checked against the entities' key builders by access-patterns.test.ts.
 * Each part of the area appends its own rows.
 */
export const mailingsAccessPatterns: readonly AccessPattern[] = [
  // Mailings (mailings/entities.ts; docs/mailings.md, "Data", "States").
  {
    entity: 'Mailing',
    module: 'mailings/entities.ts',
    index: 'table',
    pk: 'MAILING#<mailingId>',
    sk: 'MAILING',
    patterns: [
      'one mailing (open, save a draft from its version, move its state with its jobs, delete a draft)',
      "the delivery's state moves and its base totals (set by the freeze, no version change)",
    ],
  },
  {
    entity: 'Mailing',
    module: 'mailings/entities.ts',
    index: 'gsi1',
    pk: 'MAILINGS',
    sk: '<mailingId>',
    patterns: ['the list of mailings, newest first (ULIDs), by cursor, optionally of one state (filtered)'],
  },
  // Delivery (mailings/delivery-entities.ts; docs/mailings.md, "Delivery")
  {
    entity: 'MailingRecipient',
    module: 'mailings/delivery-entities.ts',
    index: 'table',
    pk: 'MAILING#<mailingId>',
    sk: 'RCPT#<personId>',
    patterns: [
      'one recipient: written once when the audience is frozen, claimed (queued → sending) before its send',
      "a mailing's recipients by person, filtered by status, by cursor",
    ],
  },
  {
    entity: 'MailingRecipient',
    module: 'mailings/delivery-entities.ts',
    index: 'gsi1',
    pk: 'MAILINGQ#<mailingId>',
    sk: '<personId>',
    patterns: ["a batch's next queued recipients (bounded Query; cancel settles them a page at a time)"],
  },
  {
    entity: 'MailingRecipient',
    module: 'mailings/delivery-entities.ts',
    index: 'gsi1',
    pk: 'MAILINGCLAIM#<mailingId>',
    sk: '<claimedAt>#<personId>',
    patterns: ['claimed sends older than the stale time (a crash cut them off: they become unknown)'],
  },
  {
    entity: 'MailingRecipient',
    module: 'mailings/delivery-entities.ts',
    index: 'gsi2',
    pk: 'MAILINGPERSON#<personId>',
    sk: '<sentAt>#<mailingId>',
    patterns: ["a person's latest mailing send within 7 days (a reply is counted on it)"],
  },
  {
    entity: 'MailingTotalsShard',
    module: 'mailings/delivery-entities.ts',
    index: 'table',
    pk: 'MAILING#<mailingId>',
    sk: 'TOTALS#<shard>',
    patterns: [
      "a recipient's move counted (ADD in the move's transaction; the shard of the person's id, 0–7)",
      "a mailing's totals: its shards in one Query on the prefix, added to the mailing item's base",
    ],
  },
  {
    entity: 'MailingMinute',
    module: 'mailings/delivery-entities.ts',
    index: 'table',
    pk: 'MAILING#<mailingId>',
    sk: 'MINUTE#<minute>',
    patterns: ['the sends started in one minute (ADD)', "the stats chart: a mailing's minutes in order"],
  },
  {
    entity: 'MailingSendWindow',
    module: 'mailings/delivery-entities.ts',
    index: 'table',
    pk: 'MAILING#<mailingId>',
    sk: 'WINDOW',
    patterns: ["the throttle: a mailing's sends in the last 60 s by second (written on the version read)"],
  },
  {
    entity: 'MailingChannelSecond',
    module: 'mailings/delivery-entities.ts',
    index: 'table',
    pk: 'MAILINGRATE#<channel>',
    sk: 'SECOND#<second>',
    patterns: ["the channel's sends in one second, by every mailing together (a conditional ADD; TTL)"],
  },
  {
    entity: 'MailingSesLink',
    module: 'mailings/delivery-entities.ts',
    index: 'table',
    pk: 'MAILINGSES#<sesMessageId>',
    sk: 'LINK',
    patterns: ["an SES event's message id → the mailing's recipient (delivered, bounced)"],
  },
  // Sequences (mailings/sequence-entities.ts; docs/mailings.md, "Sequences")
  {
    entity: 'Sequence',
    module: 'mailings/sequence-entities.ts',
    index: 'table',
    pk: 'SEQUENCE#<sequenceId>',
    sk: 'SEQUENCE',
    patterns: [
      'one sequence (open, save from its version, delete)',
      'with its enrolments and step counters (one Query)',
    ],
  },
  {
    entity: 'Sequence',
    module: 'mailings/sequence-entities.ts',
    index: 'gsi1',
    pk: 'SEQUENCES',
    sk: '<sequenceId>',
    patterns: ['every sequence (the page; a contact event finds the sequences its trigger starts)'],
  },
  {
    entity: 'SequenceEnrolment',
    module: 'mailings/sequence-entities.ts',
    index: 'table',
    pk: 'SEQUENCE#<sequenceId>',
    sk: 'ENROL#<personId>',
    patterns: [
      'one person in one sequence: enrolled once (conditional put), moved step by step',
      "a sequence's enrolments by cursor",
    ],
  },
  {
    entity: 'SequenceEnrolment',
    module: 'mailings/sequence-entities.ts',
    index: 'gsi2',
    pk: 'ENROLLED#<personId>',
    sk: '<sequenceId>',
    patterns: ["a person's active enrolments (a reply, an opt-out or leaving the trigger ends them)"],
  },
  {
    entity: 'SequenceStepStats',
    module: 'mailings/sequence-entities.ts',
    index: 'table',
    pk: 'SEQUENCE#<sequenceId>',
    sk: 'STATS#<step>',
    patterns: ["one step's counters (ADD only)", "a sequence's steps in order"],
  },
];
