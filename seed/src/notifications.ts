import { QueryCommand } from '@aws-sdk/lib-dynamodb';

import { batchWrite, db } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import {
  chatCoalesceKey,
  expiresAtFrom,
  latestUnreadEntity,
  notificationEntity,
  unreadCountEntity,
} from '@orbit/functions/core/notifications/entities';
import type { NotificationRecord } from '@orbit/functions/core/notifications/records';
import { tableName } from '@orbit/functions/core/table';
import { listPartitionKey } from '@orbit/functions/projects/entities';

import { seededUserIds } from './users';

/**
 * A few notifications for the demo admin (Olivia) and client (Liam), read and unread, dated
 * relative to seeding, so the navbar's bell looks like a workspace in use. Each user's unread
 * count is written with them (the badge reads it).
 */
type DemoNotification = Omit<NotificationRecord, 'id' | 'userId' | 'createdAt' | 'expiresAt'> & {
  readonly minutesAgo: number;
  readonly read: boolean;
};

/** Two seeded projects of Liam's (Northwind), by name, for the rows that open them. */
const projectsByName = async (): Promise<Map<string, string>> => {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': listPartitionKey({ kind: 'workspace' }, 'all', 'name') },
      Limit: 100,
    }),
  );
  // `search` holds the name, the client's name and the tags, lower-cased.
  return new Map(Items.map((item) => [String(item.search ?? ''), String(item.projectId)]));
};

export const seedNotifications = async (): Promise<void> => {
  const ids = await seededUserIds();
  const olivia = ids.get('+15550100001');
  const liam = ids.get('+15550100002');
  const noah = ids.get('+15550100004');
  if (!olivia || !liam || !noah) return;
  const projects = await projectsByName();
  const storefront =
    [...projects].find(([search]) => search.includes('northwind storefront'))?.[1] ?? [...projects.values()][0];
  const oliviaRef = { id: olivia, fullName: 'Olivia Bennett' };
  const liamRef = { id: liam, fullName: 'Liam Carter' };
  const noahRef = { id: noah, fullName: 'Noah Patel' };
  const project = (projectId: string | undefined) => projectId ?? 'missing';

  const forUser: Record<string, DemoNotification[]> = {
    [olivia]: [
      {
        event: 'message',
        actor: liamRef,
        target: { kind: 'chat', contactId: liam },
        params: { excerpt: 'Could we move the review to Thursday?' },
        count: 2,
        coalesceKey: chatCoalesceKey(liam),
        minutesAgo: 12,
        read: false,
      },
      {
        event: 'mention',
        actor: noahRef,
        target: { kind: 'project', projectId: project(storefront) },
        params: { projectName: 'Northwind storefront rebuild', excerpt: '@Olivia Bennett the budget is approved' },
        count: 1,
        minutesAgo: 95,
        read: false,
      },
      {
        event: 'taskComment',
        actor: liamRef,
        target: { kind: 'project', projectId: project(storefront) },
        params: { taskTitle: 'Checkout flow', projectName: 'Northwind storefront rebuild', excerpt: 'Looks great!' },
        count: 1,
        minutesAgo: 60 * 26,
        read: true,
      },
    ],
    [liam]: [
      {
        event: 'projectStatus',
        actor: oliviaRef,
        target: { kind: 'project', projectId: project(storefront) },
        params: { projectName: 'Northwind storefront rebuild', status: 'active' },
        count: 1,
        minutesAgo: 40,
        read: false,
      },
      {
        event: 'message',
        actor: oliviaRef,
        target: { kind: 'chat', contactId: olivia },
        params: { excerpt: 'The new designs are in your inbox.' },
        count: 1,
        minutesAgo: 60 * 30,
        read: true,
      },
    ],
  };

  const now = Date.now();
  const items: Record<string, unknown>[] = [];
  for (const [userId, rows] of Object.entries(forUser)) {
    for (const { minutesAgo, read, ...row } of rows) {
      const at = new Date(now - minutesAgo * 60_000);
      const record: NotificationRecord = {
        ...row,
        id: ulid(at.getTime()),
        userId,
        createdAt: at.toISOString(),
        expiresAt: expiresAtFrom(new Date(now)),
        ...(read ? { readAt: new Date(at.getTime() + 60_000).toISOString() } : {}),
        // A read row no longer folds a chat's next messages: only unread ones keep the key.
        ...(read || !row.coalesceKey ? {} : { coalesceKey: row.coalesceKey }),
      };
      items.push(notificationEntity.toItem(record));
      // The chat's unread row: Liam's next message folds into it.
      if (record.coalesceKey)
        items.push({
          ...latestUnreadEntity.key(userId, record.coalesceKey),
          type: latestUnreadEntity.type,
          notificationId: record.id,
          count: record.count,
        });
    }
    items.push({
      ...unreadCountEntity.key(userId),
      type: unreadCountEntity.type,
      unread: rows.filter((row) => !row.read).length,
    });
  }
  await batchWrite(items.map((item) => ({ put: item })));
};
