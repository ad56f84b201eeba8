import { defineEntity } from '../core/entity';
import type { MailingRecord } from './records';

/**
 * A mailing's item (its rows in core/mailings-access-patterns.ts; docs/mailings.md, "Data"): its
 * own partition `MAILING#<id>` (the recipients share it, `RCPT#<personId>`, delivery part), and
 * in GSI1 the list of every mailing, newest first (ids are ULIDs, so they sort by creation).
 */

export const mailingPartition = (mailingId: string) => `MAILING#${mailingId}`;
export const mailingsIndexPartition = 'MAILINGS';

export const mailingEntity = defineEntity<MailingRecord, [mailingId: string]>({
  type: 'Mailing',
  key: (mailingId) => ({ pk: mailingPartition(mailingId), sk: 'MAILING' }),
  keyOf: (mailing) => ({ pk: mailingPartition(mailing.id), sk: 'MAILING' }),
  indexKeysOf: (mailing) => ({ gsi1pk: mailingsIndexPartition, gsi1sk: mailing.id }),
});
