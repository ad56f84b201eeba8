import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

import { batchGet, db, deletePart, queryAll, type TransactionPart } from '../core/db';
import type { TableKey } from '../core/entity';
import { tableName } from '../core/table';
import { mailCountsFrom, type MailCounts } from './counts';
import { folderPartition, mailBodyEntity, mailCountsEntity, mailEntity, mailsOf, threadPartition } from './entities';
import type { MailBody, MailFolder, MailLabel, MailRecord } from './records';

/**
 * The mailbox's reads and the parts of its writes (entities.ts; docs/email.md, "Storage").
 * Everything is keyed on one owner: no function here can reach another mailbox's mail.
 */

export const readMail = async (ownerId: string, id: string): Promise<MailRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailEntity.key(ownerId, id), ConsistentRead: true }),
  );
  return Item ? mailEntity.fromItem(Item) : undefined;
};

export const readBody = async (ownerId: string, id: string): Promise<MailBody | undefined> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: mailBodyEntity.key(ownerId, id) }));
  return Item ? mailBodyEntity.fromItem(Item) : undefined;
};

/** The mails of these ids that are in the mailbox (others are simply absent). */
export const readMails = async (ownerId: string, ids: readonly string[]): Promise<MailRecord[]> => {
  const items = await batchGet(
    [...new Set(ids)].map((id) => mailEntity.key(ownerId, id)),
    { consistent: true },
  );
  return items.map((item) => mailEntity.fromItem(item));
};

export const readCounts = async (ownerId: string): Promise<MailCounts> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailCountsEntity.key(ownerId), ConsistentRead: true }),
  );
  return mailCountsFrom(Item);
};

/** A thread's mails in this mailbox, oldest first (gsi2). */
export const readThread = async (ownerId: string, threadId: string): Promise<MailRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': threadPartition(ownerId, threadId) },
      ScanIndexForward: true,
    })
  ).map((item) => mailEntity.fromItem(item));

export interface MailPageFilter {
  /** Not in trash or spam (the starred and label views). */
  readonly notSetAside?: boolean;
  readonly starred?: boolean;
  readonly label?: MailLabel;
  readonly unread?: boolean;
  readonly attachments?: boolean;
  /** Normalised search words: each must start a word of the mail's `words`. */
  readonly words?: readonly string[];
}

export interface MailPageRequest {
  readonly ownerId: string;
  /** A folder reads its gsi1 list; none reads the whole mailbox partition. */
  readonly folder?: MailFolder;
  readonly filter: MailPageFilter;
  /** The last id of the previous page. */
  readonly afterId?: string;
  readonly limit: number;
}

const filterExpression = (filter: MailPageFilter) => {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (filter.notSetAside) {
    conditions.push('NOT (#folder IN (:trash, :spam))');
    names['#folder'] = 'folder';
    Object.assign(values, { ':trash': 'trash', ':spam': 'spam' });
  }
  if (filter.starred) {
    conditions.push('#starred = :true');
    names['#starred'] = 'starred';
    values[':true'] = true;
  }
  if (filter.label) {
    conditions.push('contains(#labels, :label)');
    names['#labels'] = 'labels';
    values[':label'] = filter.label;
  }
  if (filter.unread) {
    conditions.push('#read = :false');
    names['#read'] = 'read';
    values[':false'] = false;
  }
  if (filter.attachments) {
    conditions.push('size(#attachments) > :zero');
    names['#attachments'] = 'attachments';
    values[':zero'] = 0;
  }
  (filter.words ?? []).forEach((word, index) => {
    // The stored words start with a space: ' foo' matches a word that starts with foo.
    conditions.push(`contains(#words, :w${index})`);
    names['#words'] = 'words';
    values[`:w${index}`] = ` ${word}`;
  });
  return conditions.length === 0 ? undefined : { expression: conditions.join(' AND '), names, values };
};

/**
 * One page, newest first. A folder with no filter is one Query of `limit + 1` rows on its gsi1
 * list (the extra row says whether there is more). With a filter (search, unread, the starred
 * and label views), DynamoDB filters after reading, so pages of growing size are read until
 * `limit` rows matched or the list ends: the cost is that of the rows read, bounded by the
 * caller's own mailbox. The cursor is the last returned id, whose key (rebuilt here) is where
 * the next page starts, so rows past `limit` in a read page are read again, never skipped.
 */
export const readMailPage = async (request: MailPageRequest): Promise<{ mails: MailRecord[]; more: boolean }> => {
  const { ownerId, folder, afterId, limit } = request;
  const filter = filterExpression(request.filter);
  const partition = mailsOf(ownerId);
  const base: QueryCommandInput = folder
    ? {
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': folderPartition(ownerId, folder), ...filter?.values },
      }
    : {
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': partition.pk, ':prefix': partition.skPrefix, ...filter?.values },
      };
  const startOf = (id: string): Record<string, unknown> => {
    const key: TableKey = mailEntity.key(ownerId, id);
    return folder ? { ...key, gsi1pk: folderPartition(ownerId, folder), gsi1sk: id } : { ...key };
  };
  let start: Record<string, unknown> | undefined = afterId ? startOf(afterId) : undefined;
  const mails: MailRecord[] = [];
  let pageSize = filter ? Math.max(100, limit * 5) : limit + 1;
  for (;;) {
    const page = await db().send(
      new QueryCommand({
        ...base,
        ...(filter ? { FilterExpression: filter.expression, ExpressionAttributeNames: filter.names } : {}),
        ScanIndexForward: false,
        Limit: pageSize,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    mails.push(...(page.Items ?? []).map((item) => mailEntity.fromItem(item)));
    start = page.LastEvaluatedKey;
    if (!filter) return { mails: mails.slice(0, limit), more: mails.length > limit };
    if (mails.length >= limit || !start) break;
    pageSize = Math.min(pageSize * 2, 1000);
  }
  return { mails: mails.slice(0, limit), more: mails.length > limit || start !== undefined };
};

/** Every mail of a folder, the fields a delete needs (emptying spam or trash). */
export const readFolderMails = async (ownerId: string, folder: MailFolder): Promise<MailRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': folderPartition(ownerId, folder) },
    })
  ).map((item) => mailEntity.fromItem(item));

/**
 * The mail's update from what was read to `after`: only the fields a change touches (a
 * delivery status written meanwhile stays), and only if its `updatedAt` is still the one read.
 */
export const changePart = (before: MailRecord, after: MailRecord): TransactionPart => {
  const set: Record<string, unknown> = {
    folder: after.folder,
    read: after.read,
    starred: after.starred,
    labels: after.labels,
    showImages: after.showImages ?? false,
    updatedAt: after.updatedAt,
    gsi1pk: mailEntity.indexKeysOf(after).gsi1pk,
  };
  if (after.previousFolder) set.previousFolder = after.previousFolder;
  const names = Object.keys(set);
  return {
    label: `mail:${before.id}`,
    item: {
      Update: {
        TableName: tableName(),
        Key: mailEntity.key(before.ownerId, before.id),
        UpdateExpression:
          `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}` +
          (after.previousFolder ? '' : ' REMOVE #previousFolder'),
        ConditionExpression: 'attribute_exists(pk) AND #updatedAt = :was',
        ExpressionAttributeNames: {
          ...Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
          '#updatedAt': 'updatedAt',
          ...(after.previousFolder ? {} : { '#previousFolder': 'previousFolder' }),
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((name, index) => [`:v${index}`, set[name]])),
          ':was': before.updatedAt,
        },
      },
    },
  };
};

/** Deleting a mail for good: the mail (still as read, still set aside) and its body. */
export const deleteParts = (mail: MailRecord): TransactionPart[] => [
  {
    label: `mail:${mail.id}`,
    item: {
      Delete: {
        TableName: tableName(),
        Key: mailEntity.key(mail.ownerId, mail.id),
        ConditionExpression: '#updatedAt = :was AND #folder IN (:trash, :spam)',
        ExpressionAttributeNames: { '#updatedAt': 'updatedAt', '#folder': 'folder' },
        ExpressionAttributeValues: { ':was': mail.updatedAt, ':trash': 'trash', ':spam': 'spam' },
      },
    },
  },
  deletePart(`body:${mail.id}`, mailBodyEntity.key(mail.ownerId, mail.id)),
];
