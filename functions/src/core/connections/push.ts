import { closeConnection, pushJson } from '../push';
import type { ConnectionRecord } from './records';
import { listUserConnections } from './repository';

/**
 * What any area may do with a user's open connections: push them a frame (each area types its
 * own frames), or close those of one session when it ends. Forgetting a gone connection (and
 * turning presence offline with the last one) stays the chat's, on the `$disconnect` that
 * closing a connection — or its going away — causes.
 */

/** Sends the frame to every open connection of the user; a connection already gone is skipped. */
export const pushToUserConnections = async (userId: string, frame: object): Promise<void> => {
  const connections = await listUserConnections(userId);
  await Promise.all(connections.map((connection) => pushJson(connection.connectionId, frame)));
};

/**
 * Closes the sockets a session opened, at once: its access token no longer authenticates, and
 * an open socket would otherwise keep receiving pushes until it reconnects. Returns how many.
 */
export const closeSessionConnections = async (userId: string, sessionId: string): Promise<number> => {
  const connections = (await listUserConnections(userId)).filter((connection) => connection.sessionId === sessionId);
  await Promise.all(connections.map((connection) => closeConnection(connection.connectionId)));
  return connections.length;
};

/**
 * Sends the frame to every open connection of the user, then closes those `keepOpen` refuses:
 * a connection opened for what its user may no longer read, or recorded with a role they no
 * longer hold. The frame goes first, so the browser learns why; its next handshake is checked
 * with the rules as they are then. Returns how many were closed.
 */
export const pushThenCloseRefused = async (
  userId: string,
  frame: object,
  keepOpen: (connection: ConnectionRecord) => boolean,
): Promise<number> => {
  const connections = await listUserConnections(userId);
  await Promise.all(connections.map((connection) => pushJson(connection.connectionId, frame)));
  const refused = connections.filter((connection) => !keepOpen(connection));
  await Promise.all(refused.map((connection) => closeConnection(connection.connectionId)));
  return refused.length;
};
