import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { db, putPart, queryAll, transactWrite, type TransactionPart } from '../core/db';
import {
  creditBalanceEntity,
  creditEntryEntity,
  creditsIndexPartition,
  invoiceEntity,
  referralEntity,
  referralsIndexPartition,
  rewardRuleEntity,
} from '../core/billing/entities';
import type {
  CreditBalanceRecord,
  CreditEntryRecord,
  Currency,
  InvoiceRecord,
  ReferralRecord,
  RewardRuleRecord,
} from '../core/billing/records';
import { ValidationError } from '../core/errors';
import { tableName } from '../core/table';

/** Referrals, the reward rule and credit balances (keys in core/billing/entities.ts). */

export const getReferral = async (referrerId: string, referredId: string): Promise<ReferralRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: referralEntity.key(referrerId, referredId), ConsistentRead: true }),
  );
  return Item ? referralEntity.fromItem(Item) : undefined;
};

/** A referrer's referrals: one partition, bounded by the people their code brought. */
export const listReferralsOf = async (referrerId: string): Promise<ReferralRecord[]> => {
  const { pk } = referralEntity.key(referrerId, '');
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': 'REFERRED#' },
  });
  return items.map((item) => referralEntity.fromItem(item));
};

/** A person's credit balances, one per currency. */
export const listCreditBalancesOf = async (userId: string): Promise<CreditBalanceRecord[]> => {
  const { pk } = creditBalanceEntity.key(userId, 'EUR');
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': 'BALANCE#' },
  });
  return items.map((item) => creditBalanceEntity.fromItem(item));
};

const encodeCursor = (key: Record<string, unknown>): string => Buffer.from(JSON.stringify(key)).toString('base64url');

/** A cursor is the last key read; one that is not of this very index partition is refused, not queried. */
const decodeCursor = (cursor: string, partition: string): Record<string, unknown> => {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      key &&
      typeof key === 'object' &&
      Object.values(key).every((value) => typeof value === 'string') &&
      (key as Record<string, unknown>).gsi1pk === partition
    ) {
      return key as Record<string, unknown>;
    }
  } catch {
    // answered below
  }
  throw new ValidationError({ cursor: ['cursor is not valid'] });
};

/** One page of an admins' list on gsi1 (`REFERRALS` newest first, `CREDITS` by person). */
const indexPage = async (
  partition: string,
  page: { readonly cursor?: string | undefined; readonly limit: number },
  newestFirst: boolean,
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null }> => {
  const startKey = page.cursor ? decodeCursor(page.cursor, partition) : undefined;
  const { Items = [], LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: !newestFirst,
      Limit: page.limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  return { items: Items, nextCursor: LastEvaluatedKey ? encodeCursor(LastEvaluatedKey) : null };
};

export const listAllReferrals = async (page: { readonly cursor?: string | undefined; readonly limit: number }) => {
  const { items, nextCursor } = await indexPage(referralsIndexPartition, page, true);
  return { records: items.map((item) => referralEntity.fromItem(item)), nextCursor };
};

export const listAllCreditBalances = async (page: { readonly cursor?: string | undefined; readonly limit: number }) => {
  const { items, nextCursor } = await indexPage(creditsIndexPartition, page, false);
  return { records: items.map((item) => creditBalanceEntity.fromItem(item)), nextCursor };
};

export const getRewardRule = async (): Promise<RewardRuleRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: rewardRuleEntity.key(), ConsistentRead: true }),
  );
  return Item ? rewardRuleEntity.fromItem(Item) : undefined;
};

const versionedPut = (label: string, item: Record<string, unknown>, readVersion: number): TransactionPart => ({
  label,
  item: {
    Put: {
      TableName: tableName(),
      Item: item,
      ...(readVersion === 0
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': readVersion } }),
    },
  },
});

/** Writes the rule if the stored version is still `readVersion` (0: none stored yet); else ConditionFailed('rewardRule'). */
export const putRewardRule = (record: RewardRuleRecord, readVersion: number): Promise<void> =>
  transactWrite([versionedPut('rewardRule', rewardRuleEntity.toItem(record), readVersion)]);

/** The invoice whose payment makes a referral active (written by the plans area; keys in core). */
export const getInvoice = async (invoiceId: string): Promise<InvoiceRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: invoiceEntity.key(invoiceId), ConsistentRead: true }),
  );
  return Item ? invoiceEntity.fromItem(Item) : undefined;
};

export const getCreditBalance = async (
  userId: string,
  currency: Currency,
): Promise<CreditBalanceRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: creditBalanceEntity.key(userId, currency), ConsistentRead: true }),
  );
  return Item ? creditBalanceEntity.fromItem(Item) : undefined;
};

/** A referral moved on (registered → active, with no rule to reward it yet), from the version read. */
export const putReferralStage = (next: ReferralRecord, readVersion: number): Promise<void> =>
  transactWrite([versionedPut('referral', referralEntity.toItem(next), readVersion)]);

/**
 * A referral rewarded, in one transaction: the referral (from the version read), the referrer's
 * balance (from the version read; 0: none yet) and the entry naming the referred client, which
 * exists once. ConditionFailed names the part that lost.
 */
export const writeReward = (input: {
  readonly referral: ReferralRecord;
  readonly referralReadVersion: number;
  readonly balance: CreditBalanceRecord;
  readonly balanceReadVersion: number;
  readonly entry: CreditEntryRecord;
}): Promise<void> =>
  transactWrite([
    versionedPut('referral', referralEntity.toItem(input.referral), input.referralReadVersion),
    versionedPut('balance', creditBalanceEntity.toItem(input.balance), input.balanceReadVersion),
    putPart('entry', creditEntryEntity.toItem(input.entry), 'attribute_not_exists(pk)'),
  ]);
