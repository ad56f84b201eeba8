import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { abilityRulesFor, type AbilityOwner, type AbilityRule, type RoleRules } from '../ability';
import { db, type TransactionPart } from '../db';
import { roleRulesEntity } from '../sign-in-entities';
import { tableName } from '../table';

/**
 * The staff roles' rules as they are now (core/sign-in-entities.ts), for work outside a signed-in
 * request: sign-in, a WebSocket's connect, a board watcher. A signed-in request reads the same
 * item with its session instead (core/auth/authenticate.ts).
 */
export const readRoleRules = async (): Promise<RoleRules> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: roleRulesEntity.key(), ConsistentRead: true }),
  );
  return Item ? roleRulesEntity.fromItem(Item).rulesByRole : {};
};

/** The item with its version (0 when it was never written), for a rewrite conditional on it. */
export const readRoleRulesVersion = async (): Promise<{ rulesByRole: RoleRules; version: number }> => {
  // The same read as readRoleRules, written twice so the functions that only read the rules (the
  // projects' board watch, every WebSocket connect) do not carry this one.
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: roleRulesEntity.key(), ConsistentRead: true }),
  );
  if (!Item) return { rulesByRole: {}, version: 0 };
  const { rulesByRole, version } = roleRulesEntity.fromItem(Item);
  return { rulesByRole, version };
};

/**
 * The rewrite of the item as a transaction part, only if it is still at `readVersion` (0: not
 * there yet). ConditionFailed label 'role-rules': another change rewrote it first — read again
 * and compute again. Every permission write bumps the version even when no role's rules change,
 * so two changes computed from the same list can never both be written.
 */
export const roleRulesPart = (rulesByRole: RoleRules, readVersion: number, now = new Date()): TransactionPart => ({
  label: 'role-rules',
  item: {
    Put: {
      TableName: tableName(),
      Item: roleRulesEntity.toItem({ rulesByRole, version: readVersion + 1, updatedAt: now.toISOString() }),
      ConditionExpression: readVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :read',
      ...(readVersion === 0 ? {} : { ExpressionAttributeValues: { ':read': readVersion } }),
    },
  },
});

/** A user's rules as they are now: their role's, from the current role rules. */
export const currentAbilityRules = async (user: AbilityOwner): Promise<AbilityRule[]> =>
  abilityRulesFor(user, user.role === 'admin' || user.role === 'client' ? {} : await readRoleRules());
