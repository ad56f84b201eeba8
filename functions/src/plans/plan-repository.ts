import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { batchGet, db, writeIf } from '../core/db';
import { planEntity, plansPartition } from '../core/billing/entities';
import type { PlanRecord } from '../core/billing/records';
import { tableName } from '../core/table';

/** The catalogue's items (keys in core/billing/entities.ts): a handful of plans in one partition. */

export const listPlanRecords = async (): Promise<PlanRecord[]> => {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :plan)',
      ExpressionAttributeValues: { ':pk': plansPartition, ':plan': 'PLAN#' },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => planEntity.fromItem(item)).sort(
    (a, b) => a.position - b.position || a.createdAt.localeCompare(b.createdAt),
  );
};

/** Plans by id (missing ids are absent from the map). */
export const getPlans = async (planIds: readonly string[]): Promise<Map<string, PlanRecord>> => {
  const unique = [...new Set(planIds)];
  const items = await batchGet(
    unique.map((id) => planEntity.key(id)),
    { consistent: true },
  );
  return new Map(items.map((item) => planEntity.fromItem(item)).map((plan) => [plan.id, plan]));
};

export const getPlan = async (planId: string): Promise<PlanRecord | undefined> =>
  (await getPlans([planId])).get(planId);

/** A new plan (ConditionFailed('plan') if its id exists), or an edit from `readVersion`. */
export const putPlan = async (plan: PlanRecord, readVersion?: number): Promise<void> => {
  await writeIf('plan', () =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: planEntity.toItem(plan),
        ...(readVersion === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': readVersion } }),
      }),
    ),
  );
};
