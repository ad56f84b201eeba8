import { QueryCommand } from '@aws-sdk/lib-dynamodb';

import { db } from '../db';
import { tableName } from '../table';
import { roleIndexPartition } from '../users/entities';
import { getUsersById } from '../users/repository';
import type { MentionCandidate } from './mentions';

/**
 * Who a task's text may mention: the workspace's admins (one bounded Query of the role index)
 * and the project's client, the people who can read the task.
 */
const maxAdmins = 200;

export const taskMentionCandidates = async (clientId: string | null | undefined): Promise<MentionCandidate[]> => {
  const [admins, clients] = await Promise.all([
    db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': roleIndexPartition('admin') },
        ProjectionExpression: 'id, fullName, username',
        Limit: maxAdmins,
      }),
    ),
    clientId ? getUsersById([clientId]) : Promise.resolve(new Map()),
  ]);
  const candidates: MentionCandidate[] = (admins.Items ?? []).map((item) => ({
    id: String(item.id),
    fullName: String(item.fullName),
    ...(typeof item.username === 'string' ? { username: item.username } : {}),
  }));
  for (const user of clients.values())
    candidates.push({ id: user.id, fullName: user.fullName, username: user.username });
  return candidates;
};

/** A chat's text can mention only its recipient: their name and username. */
export const chatMentionCandidate = async (recipientId: string): Promise<MentionCandidate | undefined> => {
  const user = (await getUsersById([recipientId])).get(recipientId);
  return user ? { id: user.id, fullName: user.fullName, username: user.username } : undefined;
};
