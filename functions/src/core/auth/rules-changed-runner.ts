import { abilityRulesFor } from '../ability';
import { pushToUserConnections } from '../connections/push';
import { queryAll } from '../db';
import type { JobDefinition } from '../jobs/definition';
import { tableName } from '../table';
import { roleIndexPartition } from '../users/entities';
import { getUsersById } from '../users/repository';
import { readRoleRules } from './role-rules';
import { rulesChangedJobKind, type AbilityUpdatedFrame, type RulesChangedPayload } from './rules-changed-job';

/**
 * The worker's side of 'auth.rules-changed' (rules-changed-job.ts): every user of the changed
 * roles (the role index, page by page) and every user named, each sent the rules they hold now,
 * computed from one read of the role rules, on every connection they have open. Safe to repeat:
 * a second run pushes the same (current) rules again, which a browser simply stores again.
 */

/** Pushes in flight at once: a role may have many users, and each push lists their connections first. */
const pushConcurrency = 10;

const usersOfRole = async (role: string): Promise<string[]> =>
  (
    await queryAll<{ id?: unknown }>({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': roleIndexPartition(role) },
      ProjectionExpression: 'id',
    })
  ).flatMap((item) => (typeof item.id === 'string' ? [item.id] : []));

export const runRulesChanged = async ({ roles = [], userIds = [] }: RulesChangedPayload): Promise<{ told: number }> => {
  const roleRules = await readRoleRules();
  const roleOf = new Map<string, string>();
  for (const role of roles) for (const id of await usersOfRole(role)) roleOf.set(id, role);
  // A named user's role is read from their profile: the change that named them may be a new role.
  for (const user of (await getUsersById(userIds)).values()) roleOf.set(user.id, user.role);
  const users = [...roleOf];
  for (let start = 0; start < users.length; start += pushConcurrency) {
    await Promise.all(
      users.slice(start, start + pushConcurrency).map(([id, role]) => {
        const frame: AbilityUpdatedFrame = {
          type: 'ability.updated',
          role,
          rules: abilityRulesFor({ id, role }, roleRules),
        };
        return pushToUserConnections(id, frame);
      }),
    );
  }
  return { told: users.length };
};

const rulesChanged: JobDefinition<RulesChangedPayload> = {
  delivery: 'at-least-once',
  run: runRulesChanged,
};

export const rulesChangedJobs = { [rulesChangedJobKind]: rulesChanged } as const;
