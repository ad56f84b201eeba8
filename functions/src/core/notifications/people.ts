import { QueryCommand } from '@aws-sdk/lib-dynamodb';

import type { Action, Subject } from '../ability';
import { readRoleRules } from '../auth/role-rules';
import { db } from '../db';
import { staffRolesThatMay } from '../staff-rules';
import { tableName } from '../table';
import { roleIndexPartition } from '../users/entities';
import { getUsersById } from '../users/repository';
import type { MentionCandidate } from './mentions';

/**
 * Who hears of something by what their role may do. Who a task's text may mention, the people
 * who can read the task: the staff whose rules let them read tasks (the administrator always; other roles as their permissions are now: one
 * bounded Query of the role index per such role, together; suspended accounts left out) and
 * the project's client.
 */
const maxPerRole = 200;

const staffOfRole = async (role: string): Promise<MentionCandidate[]> => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': roleIndexPartition(role) },
      ProjectionExpression: 'id, fullName, username, suspendedAt',
      Limit: maxPerRole,
    }),
  );
  return (page.Items ?? [])
    .filter((item) => item.suspendedAt === undefined)
    .map((item) => ({
      id: String(item.id),
      fullName: String(item.fullName),
      ...(typeof item.username === 'string' ? { username: item.username } : {}),
    }));
};

/** The staff (not suspended) whose roles' current rules let them do `action` on `subject`. */
export const staffWhoMay = async (action: Action, subject: Subject): Promise<MentionCandidate[]> => {
  const roles = staffRolesThatMay(action, subject, await readRoleRules());
  return (await Promise.all(roles.map((role) => staffOfRole(role)))).flat();
};

export const taskMentionCandidates = async (clientId: string | null | undefined): Promise<MentionCandidate[]> => {
  const [staff, clients] = await Promise.all([
    staffWhoMay('read', 'Task'),
    clientId ? getUsersById([clientId]) : Promise.resolve(new Map()),
  ]);
  const candidates: MentionCandidate[] = staff;
  for (const user of clients.values())
    candidates.push({ id: user.id, fullName: user.fullName, username: user.username });
  return candidates;
};

/** A chat's text can mention only its recipient: their name and username. */
export const chatMentionCandidate = async (recipientId: string): Promise<MentionCandidate | undefined> => {
  const user = (await getUsersById([recipientId])).get(recipientId);
  return user ? { id: user.id, fullName: user.fullName, username: user.username } : undefined;
};
