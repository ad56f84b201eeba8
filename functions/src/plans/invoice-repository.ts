import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

import {
  billedPeriodEntity,
  billingStatsEntity,
  clientInvoicesPartition,
  creditBalanceEntity,
  creditEntryEntity,
  invoiceCounterEntity,
  invoiceEntity,
  invoicesByStatusPartition,
  pendingLineEntity,
  planEntity,
  subscriptionEntity,
  type BilledPeriodRecord,
  type InvoiceCounterRecord,
} from '../core/billing/entities';
import type {
  CreditBalanceRecord,
  CreditEntryRecord,
  Currency,
  InvoiceRecord,
  InvoiceStatus,
  PendingInvoiceLine,
  PlanRecord,
  SubscriptionRecord,
} from '../core/billing/records';
import { db, putPart, type TransactionPart } from '../core/db';
import type { Entity, TableKey } from '../core/entity';
import { ValidationError } from '../core/errors';
import { tableName } from '../core/table';

/**
 * Reads and transaction parts of invoices and what they are made from (docs/plans.md, "Invoices"):
 * the plan, the billed periods, the year's counter, the client's credit (the subscription and its
 * pending lines are read with subscription-repository.ts). Keys
 * come from core/billing/entities.ts only. Reads that decide a conditional write are consistent.
 */

const getRecord = async <R extends object, K extends readonly unknown[]>(
  entity: Entity<R, K>,
  ...names: K
): Promise<R | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: entity.key(...names), ConsistentRead: true }),
  );
  return Item ? entity.fromItem(Item) : undefined;
};

export const getInvoice = (invoiceId: string): Promise<InvoiceRecord | undefined> =>
  getRecord(invoiceEntity, invoiceId);
export const getPlan = (planId: string): Promise<PlanRecord | undefined> => getRecord(planEntity, planId);
export const getBilledPeriod = (clientId: string, periodStart: string): Promise<BilledPeriodRecord | undefined> =>
  getRecord(billedPeriodEntity, clientId, periodStart);
export const getInvoiceCounter = (year: number): Promise<InvoiceCounterRecord | undefined> =>
  getRecord(invoiceCounterEntity, year);
export const getCreditBalance = (userId: string, currency: Currency): Promise<CreditBalanceRecord | undefined> =>
  getRecord(creditBalanceEntity, userId, currency);

/* ---------- Transaction parts ---------- */

/** A record written from the version read (or new when `readVersion` is undefined). */
const versionedPut = (
  label: string,
  item: Record<string, unknown>,
  readVersion: number | undefined,
): TransactionPart => ({
  label,
  item: {
    Put: {
      TableName: tableName(),
      Item: item,
      ConditionExpression: readVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :read',
      ...(readVersion === undefined ? {} : { ExpressionAttributeValues: { ':read': readVersion } }),
    },
  },
});

export const invoicePart = (invoice: InvoiceRecord, read?: InvoiceRecord): TransactionPart =>
  read
    ? {
        label: 'invoice',
        item: {
          Put: {
            TableName: tableName(),
            Item: invoiceEntity.toItem(invoice),
            ConditionExpression: '#status = :status AND version = :read',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': read.status, ':read': read.version },
          },
        },
      }
    : putPart('invoice', invoiceEntity.toItem(invoice), 'attribute_not_exists(pk)');

export const subscriptionPart = (subscription: SubscriptionRecord, readVersion: number): TransactionPart =>
  versionedPut('subscription', subscriptionEntity.toItem(subscription), readVersion);

/** The subscription must still be as read (nothing else of it changes). */
export const subscriptionUnchangedPart = (subscription: SubscriptionRecord): TransactionPart => ({
  label: 'subscription',
  item: {
    ConditionCheck: {
      TableName: tableName(),
      Key: subscriptionEntity.keyOf(subscription),
      ConditionExpression: 'version = :read',
      ExpressionAttributeValues: { ':read': subscription.version },
    },
  },
});

export const billedPeriodPart = (record: BilledPeriodRecord): TransactionPart =>
  putPart('billed-period', billedPeriodEntity.toItem(record), 'attribute_not_exists(pk)');

export const pendingLineDeletePart = (line: PendingInvoiceLine): TransactionPart => ({
  label: 'pending-line',
  item: {
    Delete: {
      TableName: tableName(),
      Key: pendingLineEntity.keyOf(line),
      ConditionExpression: 'attribute_exists(pk)',
    },
  },
});

/** Moves the subscribers of a plan and interval by `delta` (the overview reads these counts). */
export const billingStatsPart = (moves: Readonly<Record<string, number>>): TransactionPart => {
  const keys = Object.keys(moves);
  return {
    label: 'billing-stats',
    item: {
      Update: {
        TableName: tableName(),
        Key: billingStatsEntity.key(),
        UpdateExpression: `ADD ${keys.map((_, index) => `subscribers.#k${index} :d${index}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(keys.map((key, index) => [`#k${index}`, key])),
        ExpressionAttributeValues: Object.fromEntries(keys.map((key, index) => [`:d${index}`, moves[key]])),
      },
    },
  };
};

export const counterPart = (
  counter: InvoiceCounterRecord,
  read: InvoiceCounterRecord | undefined,
): TransactionPart => ({
  label: 'counter',
  item: {
    Put: {
      TableName: tableName(),
      Item: invoiceCounterEntity.toItem(counter),
      ConditionExpression: read ? '#last = :read' : 'attribute_not_exists(pk)',
      ...(read
        ? { ExpressionAttributeNames: { '#last': 'last' }, ExpressionAttributeValues: { ':read': read.last } }
        : {}),
    },
  },
});

export const creditBalancePart = (balance: CreditBalanceRecord, readVersion: number | undefined): TransactionPart =>
  versionedPut('credit', creditBalanceEntity.toItem(balance), readVersion);

export const creditEntryPart = (entry: CreditEntryRecord): TransactionPart =>
  putPart('credit-entry', creditEntryEntity.toItem(entry), 'attribute_not_exists(pk)');

/* ---------- Lists ---------- */

export interface InvoicePage {
  readonly invoices: InvoiceRecord[];
  readonly nextCursor?: string;
}

const encodeCursor = (key: Record<string, unknown>): string => Buffer.from(JSON.stringify(key)).toString('base64url');

type InvoiceIndex = 'gsi1' | 'gsi2';

/** A cursor is the last key read, given back: anything else (another list's too) is a 400, never a read elsewhere. */
const decodeCursor = (cursor: string | undefined, index: InvoiceIndex, partition: string): TableKey | undefined => {
  if (cursor === undefined) return undefined;
  const invalid = () => new ValidationError({ cursor: ['cursor is not valid'] });
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof key !== 'object' || key === null) throw invalid();
  const fields = ['pk', 'sk', `${index}pk`, `${index}sk`];
  const entries = Object.entries(key);
  const valid =
    entries.length === fields.length &&
    entries.every(([name, value]) => fields.includes(name) && typeof value === 'string') &&
    (key as Record<string, unknown>)[`${index}pk`] === partition;
  if (!valid) throw invalid();
  return key as TableKey;
};

const queryPage = async (
  input: QueryCommandInput & { IndexName: InvoiceIndex },
  partition: string,
  cursor?: string,
): Promise<InvoicePage> => {
  const start = decodeCursor(cursor, input.IndexName, partition);
  const { Items = [], LastEvaluatedKey } = await db().send(
    new QueryCommand({ ...input, ...(start ? { ExclusiveStartKey: start } : {}) }),
  );
  return {
    invoices: Items.map((item) => invoiceEntity.fromItem(item)),
    ...(LastEvaluatedKey ? { nextCursor: encodeCursor(LastEvaluatedKey) } : {}),
  };
};

/** A client's invoices, newest first (ids are ULIDs); without drafts when `withDrafts` is false. */
export const listClientInvoices = (
  clientId: string,
  options: { withDrafts: boolean; limit: number; cursor?: string },
): Promise<InvoicePage> => {
  const gsi1pk = clientInvoicesPartition(clientId);
  return queryPage(
    {
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk, ...(options.withDrafts ? {} : { ':draft': 'draft' }) },
      ...(options.withDrafts
        ? {}
        : { FilterExpression: '#status <> :draft', ExpressionAttributeNames: { '#status': 'status' } }),
      ScanIndexForward: false,
      Limit: options.limit,
    },
    gsi1pk,
    options.cursor,
  );
};

/** Every invoice of a status, latest due (drafts: created) first; `dueBefore` keeps those due before it. */
export const listInvoicesByStatus = (
  status: InvoiceStatus,
  options: { dueBefore?: string; limit: number; cursor?: string },
): Promise<InvoicePage> => {
  const gsi2pk = invoicesByStatusPartition(status);
  return queryPage(
    {
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: options.dueBefore ? 'gsi2pk = :pk AND gsi2sk < :before' : 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi2pk, ...(options.dueBefore ? { ':before': options.dueBefore } : {}) },
      ScanIndexForward: false,
      Limit: options.limit,
    },
    gsi2pk,
    options.cursor,
  );
};
