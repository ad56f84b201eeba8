import { UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, putPart, transactWrite, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import { countsDelta, type MailCountName } from './counts';
import { mailBodyEntity, mailCountsEntity, mailEntity } from './entities';
import type { MailBody, MailRecord } from './records';

/**
 * The write every new mail goes through, whoever makes it (a draft, the sender's copy, an
 * internal delivery, an inbound mail from outside): the mail, its body and the change to the
 * mailbox's counters in one transaction. A mail whose id is already in the mailbox is not
 * written again (`stored: false`): a delivery that runs twice leaves one copy and counts it once.
 */

/** The counter item's update for a delta, or nothing when the delta is empty. */
export const countsPart = (
  ownerId: string,
  delta: Partial<Record<MailCountName, number>>,
): TransactionPart | undefined => {
  const entries = Object.entries(delta).filter(([, value]) => value !== 0);
  if (entries.length === 0) return undefined;
  return {
    label: 'counts',
    item: {
      Update: {
        TableName: tableName(),
        Key: mailCountsEntity.key(ownerId),
        UpdateExpression: `ADD ${entries.map((_, index) => `#c${index} :c${index}`).join(', ')} SET #type = :type`,
        ExpressionAttributeNames: {
          '#type': 'type',
          ...Object.fromEntries(entries.map(([name], index) => [`#c${index}`, name])),
        },
        ExpressionAttributeValues: {
          ':type': mailCountsEntity.type,
          ...Object.fromEntries(entries.map(([, value], index) => [`:c${index}`, value])),
        },
      },
    },
  };
};

/** The counters on their own (outside a transaction), e.g. after a batch of deletes. */
export const addToCounts = async (ownerId: string, delta: Partial<Record<MailCountName, number>>): Promise<void> => {
  const part = countsPart(ownerId, delta);
  if (part?.item.Update) await db().send(new UpdateCommand(part.item.Update));
};

export const storeNewMail = async (
  mail: MailRecord,
  body: Omit<MailBody, 'ownerId' | 'id'>,
  extraParts: readonly TransactionPart[] = [],
): Promise<{ stored: boolean }> => {
  const counts = countsPart(mail.ownerId, countsDelta(undefined, mail));
  try {
    await transactWrite([
      putPart('mail', mailEntity.toItem(mail), 'attribute_not_exists(pk)'),
      putPart('body', mailBodyEntity.toItem({ ownerId: mail.ownerId, id: mail.id, ...body })),
      ...(counts ? [counts] : []),
      ...extraParts,
    ]);
    return { stored: true };
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('mail')) return { stored: false };
    throw error;
  }
};
