import type { ServerFrame, ChatContactStatus } from './contract';
import { listConnectionsByRole, listUserConnections, removeConnection } from '../core/connections/repository';
import { setPresence } from './contacts-repository';
import { pushFrame } from './push';
import { advanceReceipts, type Watermarks } from './repository';
import type { ConnectionRecord } from '../core/connections/records';
import type { MembershipRecord } from './records';
import { contactRolesFor, rolesWithContacts, type Viewer } from './rules';

/**
 * What the chat pushes to open windows (messages, receipts, presence and lead statuses) and
 * how a gone connection is forgotten: shared by the HTTP, WebSocket and channel use cases.
 */

/**
 * A connection is recorded during its $connect but can take pushes only once $connect has
 * returned; until then the management API answers 410 for it too. So a 410 forgets only a
 * connection older than this.
 */
const connectGraceMs = 10_000;

export const pushToConnections = async (
  connections: readonly ConnectionRecord[],
  frame: ServerFrame,
): Promise<void> => {
  await Promise.all(
    connections.map(async (connection) => {
      if ((await pushFrame(connection.connectionId, frame)) !== 'gone') return;
      if (Date.now() - Date.parse(connection.connectedAt) > connectGraceMs)
        await forgetConnection(connection.connectionId, connection);
    }),
  );
};

export const pushToUser = async (userId: string, frame: ServerFrame): Promise<void> =>
  pushToConnections(await listUserConnections(userId), frame);

/**
 * Everyone who has this person among their contacts (every staff member; every client too when
 * the person is staff) and the person's own other tabs (`subjectConnections` when the caller has
 * just read them).
 */
export const broadcastStatus = async (
  subject: Viewer,
  status: ChatContactStatus,
  options: { exceptConnectionId?: string; subjectConnections?: readonly ConnectionRecord[] } = {},
): Promise<void> => {
  const audienceRoles = rolesWithContacts.filter((role) => contactRolesFor(role).includes(subject.role));
  const lists = await Promise.all([
    ...audienceRoles.map((role) => listConnectionsByRole(role)),
    options.subjectConnections ?? listUserConnections(subject.id),
  ]);
  const unique = new Map(lists.flat().map((connection) => [connection.connectionId, connection]));
  unique.delete(options.exceptConnectionId ?? '');
  await pushToConnections([...unique.values()], { type: 'status', userId: subject.id, status });
};

/**
 * A connection that is gone (410, $disconnect): forget it; presence turns offline with the last
 * one. `known` is the connection as a push found it, when there was one.
 */
export const forgetConnection = async (connectionId: string, known?: ConnectionRecord): Promise<void> => {
  const forgotten = await removeConnection(connectionId, known);
  if (!forgotten || forgotten.removed.purpose !== undefined) return;
  const { removed, remaining } = forgotten;
  if (remaining.some((connection) => connection.purpose === undefined)) return;
  if (await setPresence(removed.userId, 'offline'))
    await broadcastStatus({ id: removed.userId, role: removed.role }, 'offline', { subjectConnections: remaining });
};

/** Tells the contact's tabs how far the owner has received or seen their messages. */
export const pushReceipt = async (
  ownerId: string,
  contactId: string,
  receipts: Watermarks,
  contactConnections?: readonly ConnectionRecord[],
): Promise<void> => {
  const frame: ServerFrame = { type: 'receipt', contactId: ownerId, ...receipts };
  await (contactConnections ? pushToConnections(contactConnections, frame) : pushToUser(contactId, frame));
};

export const advanceAndNotify = async (
  viewerId: string,
  contactId: string,
  kind: 'delivered' | 'seen',
  upTo: string,
  known: { membership?: MembershipRecord; contactConnections?: readonly ConnectionRecord[] } = {},
): Promise<Watermarks | undefined> => {
  const receipts = await advanceReceipts(viewerId, contactId, kind, upTo, known.membership);
  if (receipts) await pushReceipt(viewerId, contactId, receipts, known.contactConnections);
  return receipts;
};
