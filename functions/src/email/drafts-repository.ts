import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, deletePart, putPart, transactWrite, writeIf, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import { mailCountsFrom, type MailCounts } from './counts';
import { mailBodyEntity, mailCountsEntity, mailEntity } from './entities';
import type { MailBody, MailRecipientStatus, MailRecord } from './records';
import { countsPart } from './store';

/**
 * The compose side's reads and writes of one mailbox's items (entities.ts). A new mail is written
 * by store.ts (`storeNewMail`); here: reading a mail with its body, saving a draft from the
 * version read, deleting one, and a sent copy's recipient statuses.
 */

export interface MailWithBody {
  readonly mail: MailRecord;
  readonly body: MailBody;
}

/** One mail and its body in one BatchGet (strongly consistent: a save follows its own read). */
export const getMailWithBody = async (ownerId: string, mailId: string): Promise<MailWithBody | undefined> => {
  const mailKey = mailEntity.key(ownerId, mailId);
  const bodyKey = mailBodyEntity.key(ownerId, mailId);
  const response = await db().send(
    new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: [mailKey, bodyKey], ConsistentRead: true } } }),
  );
  const items = response.Responses?.[tableName()] ?? [];
  const mailItem = items.find((item) => item.sk === mailKey.sk);
  if (!mailItem) return undefined;
  const bodyItem = items.find((item) => item.sk === bodyKey.sk);
  const body = bodyItem ? mailBodyEntity.fromItem(bodyItem) : { ownerId, id: mailId, html: '', text: '' };
  return { mail: mailEntity.fromItem(mailItem), body };
};

export const getMail = async (ownerId: string, mailId: string): Promise<MailRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailEntity.key(ownerId, mailId), ConsistentRead: true }),
  );
  return Item ? mailEntity.fromItem(Item) : undefined;
};

export const getCounts = async (ownerId: string): Promise<MailCounts> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailCountsEntity.key(ownerId), ConsistentRead: true }),
  );
  return mailCountsFrom(Item);
};

/** The draft is still there, still a draft, at the version read. */
const draftAt = (version: number) => ({
  condition: 'attribute_exists(pk) AND folder = :draft AND version = :version',
  values: { ':draft': 'draft', ':version': version },
});

/**
 * Overwrites a draft saved at `readVersion` with `draft` (its version one more): the mail and,
 * when given, its body. ConditionFailed(['draft']) when another save came first or it is gone.
 * A draft's counts never change while it is one (it is read and in `draft`).
 */
export const saveDraft = async (draft: MailRecord, readVersion: number, body?: Omit<MailBody, 'ownerId' | 'id'>) => {
  const { condition, values } = draftAt(readVersion);
  const parts: TransactionPart[] = [
    {
      label: 'draft',
      item: {
        Put: {
          TableName: tableName(),
          Item: mailEntity.toItem(draft),
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
        },
      },
    },
  ];
  if (body) parts.push(putPart('body', mailBodyEntity.toItem({ ownerId: draft.ownerId, id: draft.id, ...body })));
  await transactWrite(parts);
};

/** The parts that remove a draft read at `version` (any version when undefined), and its count. */
export const removeDraftParts = (ownerId: string, mailId: string, version: number | undefined): TransactionPart[] => {
  const { condition, values } =
    version === undefined
      ? { condition: 'attribute_exists(pk) AND folder = :draft', values: { ':draft': 'draft' } }
      : draftAt(version);
  const counts = countsPart(ownerId, { drafts: -1 });
  return [
    {
      label: 'draft',
      item: {
        Delete: {
          TableName: tableName(),
          Key: mailEntity.key(ownerId, mailId),
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
        },
      },
    },
    deletePart('body', mailBodyEntity.key(ownerId, mailId)),
    ...(counts ? [counts] : []),
  ];
};

export const discardDraft = (ownerId: string, mailId: string, version: number | undefined) =>
  transactWrite(removeDraftParts(ownerId, mailId, version));

/**
 * One recipient's status on the sender's copy, by its place in the list (the list never changes
 * after the send). Only while the mail is there and the entry still names that address, so a
 * copy deleted meanwhile is not brought back as a fragment.
 */
export const setRecipientStatus = async (
  ownerId: string,
  mailId: string,
  index: number,
  status: Pick<MailRecipientStatus, 'address' | 'status' | 'at'>,
): Promise<void> => {
  try {
    await writeIf('status', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: mailEntity.key(ownerId, mailId),
          UpdateExpression: `SET recipients[${index}].#status = :status, recipients[${index}].#at = :at`,
          ConditionExpression: `attribute_exists(pk) AND recipients[${index}].address = :address`,
          ExpressionAttributeNames: { '#status': 'status', '#at': 'at' },
          ExpressionAttributeValues: { ':status': status.status, ':at': status.at, ':address': status.address },
        }),
      ),
    );
  } catch (error) {
    // The sender deleted their copy: nothing to record the status on.
    if (error instanceof ConditionFailed) return;
    throw error;
  }
};
