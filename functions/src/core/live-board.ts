import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';

import { abilityRulesFor, buildAbility, type RoleRules } from './ability';
import { can } from './authorize';
import { batchGet, db, queryAll } from './db';
import { logger } from './logger';
import { pushJson } from './push';
import { roleRulesEntity } from './sign-in-entities';
import { tableName } from './table';
import { userEntity } from './users/entities';

/**
 * Live boards: who is looking at which project's board, and the pushes that keep their pages
 * current (docs/decisions.md "Live boards"). In core because two areas use it: the projects area
 * (subscriptions and changes) and the chat's `$disconnect` (a closed connection leaves its
 * board). The frames' shapes are the projects contract's (`BoardServerFrame`); here a change is
 * opaque. Items:
 * - pk=BOARD#<projectId> sk=VIEWER#<connectionId>: a connection watching a board (the push
 *   audience and the "who else is looking" list: one Query);
 * - pk=CONNECTION#<connectionId> sk=VIEWING: the board a connection watches, so that its
 *   $disconnect (which knows only the id) can leave it. One board per connection.
 * Both expire with the connection (API Gateway's 2-hour limit), in case $disconnect never came.
 */

export interface BoardViewerRecord {
  readonly projectId: string;
  readonly connectionId: string;
  readonly userId: string;
  readonly fullName: string;
  readonly role: string;
  readonly since: string;
  /** Epoch seconds (TTL). */
  readonly expiresAt: number;
}

const maxConnectionSeconds = 2 * 60 * 60 + 5 * 60;
/** A connection in its $connect answers 410 too: only an older one is forgotten on a 410. */
const connectGraceMs = 10_000;

/** Keys (their rows in core/access-patterns.ts). */
const boardPartition = (projectId: string) => `BOARD#${projectId}`;
const viewerPrefix = 'VIEWER#';
export const boardViewerKey = (projectId: string, connectionId: string) => ({
  pk: boardPartition(projectId),
  sk: `${viewerPrefix}${connectionId}`,
});
export const boardViewingKey = (connectionId: string) => ({ pk: `CONNECTION#${connectionId}`, sk: 'VIEWING' });

const live = (record: { expiresAt: number }, now = Date.now()) => record.expiresAt > now / 1000;

/** Someone looking at a board (one entry per person). */
interface BoardViewer {
  readonly id: string;
  readonly fullName: string;
  readonly role: string;
}

type BoardServerFrame =
  | { readonly type: 'board.viewers'; readonly projectId: string; readonly viewers: readonly BoardViewer[] }
  | { readonly type: 'board.change'; readonly projectId: string; readonly by: string; readonly change: object }
  | { readonly type: 'board.refused'; readonly projectId: string };

/* ---------- Store ---------- */

const listViewerRecords = async (projectId: string): Promise<BoardViewerRecord[]> =>
  (
    await queryAll<BoardViewerRecord>({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': boardPartition(projectId), ':prefix': viewerPrefix },
      ConsistentRead: true,
    })
  ).filter((record) => live(record));

const viewingOf = async (connectionId: string): Promise<string | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: boardViewingKey(connectionId), ConsistentRead: true }),
  );
  return Item && live(Item as { expiresAt: number }) ? (Item as { projectId: string }).projectId : undefined;
};

const removeViewer = async (projectId: string, connectionId: string): Promise<void> => {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: boardViewerKey(projectId, connectionId) } },
        {
          Delete: {
            TableName: tableName(),
            Key: boardViewingKey(connectionId),
            // Only if it still names this board (a newer subscription replaced it otherwise).
            ConditionExpression: 'attribute_not_exists(pk) OR projectId = :projectId',
            ExpressionAttributeValues: { ':projectId': projectId },
          },
        },
      ],
    }),
  );
};

/* ---------- Pushes ---------- */

/** One entry per person, in the order they arrived. */
const viewersOf = (records: readonly BoardViewerRecord[]): BoardViewer[] => {
  const people = new Map<string, BoardViewer>();
  for (const record of [...records].sort((a, b) => a.since.localeCompare(b.since))) {
    if (!people.has(record.userId))
      people.set(record.userId, { id: record.userId, fullName: record.fullName, role: record.role });
  }
  return [...people.values()];
};

/** Who a viewer is now: their role as their profile says, and whether they may sign in at all. */
interface ViewerNow {
  readonly role: string;
  readonly suspended: boolean;
}

/**
 * The viewers' profiles and the role rules as they are now, in one consistent BatchGet (100 keys
 * a call), projected to what the check needs: a role or permission change holds from the next
 * push, as it does from the next request, without waiting for the worker to close any socket.
 */
const readViewersNow = async (
  records: readonly BoardViewerRecord[],
): Promise<{ people: Map<string, ViewerNow>; roleRules: RoleRules }> => {
  const userIds = [...new Set(records.map((record) => record.userId))];
  const items = await batchGet([roleRulesEntity.key(), ...userIds.map((id) => userEntity.key(id))], {
    consistent: true,
    projection: {
      expression: 'pk, sk, id, #role, suspendedAt, rulesByRole',
      names: { '#role': 'role' },
    },
  });
  const roleRulesKey = roleRulesEntity.key();
  let roleRules: RoleRules = {};
  const people = new Map<string, ViewerNow>();
  for (const item of items) {
    if (item.pk === roleRulesKey.pk && item.sk === roleRulesKey.sk) {
      roleRules = roleRulesEntity.fromItem(item).rulesByRole;
    } else if (typeof item.id === 'string' && typeof item.role === 'string') {
      people.set(item.id, { role: item.role, suspended: Boolean(item.suspendedAt) });
    }
  }
  return { people, roleRules };
};

/**
 * The API's rule, per viewer, with their role and its rules as they are now (not as they were
 * when the viewer subscribed): admins, staff who may read projects, and the project's client. A
 * viewer whose profile is gone or suspended sees nothing.
 */
const maySee = (
  record: BoardViewerRecord,
  project: { clientId: string },
  now: { people: Map<string, ViewerNow>; roleRules: RoleRules },
): boolean => {
  const person = now.people.get(record.userId);
  if (!person || person.suspended) return false;
  const ability = buildAbility(abilityRulesFor({ id: record.userId, role: person.role }, now.roleRules));
  return can(ability, 'read', 'Project', project);
};

const pushTo = async (records: readonly BoardViewerRecord[], frame: BoardServerFrame): Promise<void> => {
  await Promise.all(
    records.map(async (record) => {
      if ((await pushJson(record.connectionId, frame)) !== 'gone') return;
      if (Date.now() - Date.parse(record.since) > connectGraceMs)
        await removeViewer(record.projectId, record.connectionId).catch(() => undefined);
    }),
  );
};

const announceViewers = async (projectId: string, records?: readonly BoardViewerRecord[]): Promise<void> => {
  const current = records ?? (await listViewerRecords(projectId));
  await pushTo(current, { type: 'board.viewers', projectId, viewers: viewersOf(current) });
};

/**
 * Tells everyone watching the project's board what changed. `project` is the project as it is
 * now (its client decides who may still see it), and each viewer is checked with their role and
 * rules as they are now (readViewersNow: one read for the whole board, however many watch it); a
 * viewer who may no longer see it gets `board.refused` instead of the change and is dropped from
 * the board. Best effort: a failed push never fails the write that caused it.
 */
export const publishBoardChange = async <Change extends { readonly kind: string }>(
  project: { readonly id: string; readonly clientId: string },
  by: string,
  change: Change,
): Promise<void> => {
  try {
    const records = await listViewerRecords(project.id);
    if (records.length === 0) return;
    const now = await readViewersNow(records);
    const allowed = records.filter((record) => maySee(record, project, now));
    const frame: BoardServerFrame = { type: 'board.change', projectId: project.id, by, change };
    await pushTo(allowed, frame);
    const refused = records.filter((record) => !allowed.includes(record));
    if (refused.length > 0) {
      await Promise.all(refused.map((record) => removeViewer(project.id, record.connectionId)));
      await pushTo(refused, { type: 'board.refused', projectId: project.id });
      await announceViewers(project.id, allowed);
    }
    if (change.kind === 'projectDeleted') {
      await Promise.all(records.map((record) => removeViewer(project.id, record.connectionId)));
    }
  } catch (error) {
    logger.warn('board push failed', {
      projectId: project.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};

/* ---------- Subscriptions ---------- */

export interface BoardWatcher {
  readonly connectionId: string;
  readonly userId: string;
  readonly fullName: string;
  readonly role: string;
}

/**
 * Starts watching a board the watcher may see (the caller checked that), leaving the board the
 * connection watched before; everyone on the board, the watcher included, gets the new list.
 */
export const joinBoard = async (watcher: BoardWatcher, projectId: string, now = new Date()): Promise<void> => {
  const previous = await viewingOf(watcher.connectionId);
  if (previous && previous !== projectId) await leaveBoard(watcher.connectionId);
  const record: BoardViewerRecord = {
    projectId,
    connectionId: watcher.connectionId,
    userId: watcher.userId,
    fullName: watcher.fullName,
    role: watcher.role,
    since: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + maxConnectionSeconds,
  };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...boardViewerKey(projectId, watcher.connectionId), type: 'BoardViewer', ...record },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...boardViewingKey(watcher.connectionId),
              type: 'BoardViewing',
              projectId,
              expiresAt: record.expiresAt,
            },
          },
        },
      ],
    }),
  );
  await announceViewers(projectId);
};

/** The connection stops watching its board (unsubscribe, or $disconnect); the others are told. */
export const leaveBoard = async (connectionId: string, projectId?: string): Promise<void> => {
  const watched = await viewingOf(connectionId);
  if (!watched || (projectId !== undefined && watched !== projectId)) return;
  try {
    await removeViewer(watched, connectionId);
  } catch (error) {
    // A subscription to another board won the race: that one stays.
    logger.warn('leaving a board lost a race', { error: error instanceof Error ? error.message : String(error) });
    return;
  }
  await announceViewers(watched);
};
