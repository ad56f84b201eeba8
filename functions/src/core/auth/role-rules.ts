import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { abilityRulesFor, type AbilityOwner, type AbilityRule, type RoleRules } from '../ability';
import { db } from '../db';
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

/** A user's rules as they are now: their role's, from the current role rules. */
export const currentAbilityRules = async (user: AbilityOwner): Promise<AbilityRule[]> =>
  abilityRulesFor(user, user.role === 'admin' || user.role === 'client' ? {} : await readRoleRules());
