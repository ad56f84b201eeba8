import { abilityRulesFor, buildAbility } from '../ability';
import { can } from '../authorize';
import { pushThenCloseRefused } from '../connections/push';
import { subjectReadThrough } from '../connections/records';
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
 * computed from one read of the role rules, on every connection they have open. Then the
 * connections that no longer follow the rules close (docs/decisions.md, "Security: open sockets
 * follow the current role"): every connection of a user whose role changed (each was recorded
 * with the old role: the role's broadcasts, whom its typing reaches, the board it watches), and
 * a connection opened for what its user may no longer read (a chat page's without `read Chat`, a
 * board's without `read Project`; core/connections/records.ts). A browser reconnects, and its
 * handshake is checked with the rules as they are then. Safe to repeat: a second run pushes the
 * same (current) rules again and closes nothing more than the first.
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

export const runRulesChanged = async ({
  roles = [],
  userIds = [],
}: RulesChangedPayload): Promise<{ told: number; closed: number }> => {
  const roleRules = await readRoleRules();
  const roleOf = new Map<string, string>();
  for (const role of roles) for (const id of await usersOfRole(role)) roleOf.set(id, role);
  // A named user's role is read from their profile: the change that named them may be a new role.
  for (const user of (await getUsersById(userIds)).values()) roleOf.set(user.id, user.role);
  const newRole = new Set(userIds);
  const users = [...roleOf];
  let closed = 0;
  for (let start = 0; start < users.length; start += pushConcurrency) {
    const counts = await Promise.all(
      users.slice(start, start + pushConcurrency).map(([id, role]) => {
        const rules = abilityRulesFor({ id, role }, roleRules);
        const frame: AbilityUpdatedFrame = { type: 'ability.updated', role, rules };
        const ability = buildAbility(rules);
        return pushThenCloseRefused(id, frame, (connection) => {
          if (newRole.has(id)) return false;
          const subject = subjectReadThrough(connection.purpose);
          return subject === undefined || can(ability, 'read', subject);
        });
      }),
    );
    closed += counts.reduce((sum, count) => sum + count, 0);
  }
  return { told: users.length, closed };
};

const rulesChanged: JobDefinition<RulesChangedPayload> = {
  delivery: 'at-least-once',
  run: runRulesChanged,
};

export const rulesChangedJobs = { [rulesChangedJobKind]: rulesChanged } as const;
