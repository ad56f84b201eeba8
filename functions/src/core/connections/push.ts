import { closeConnection, pushJson } from '../push';
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
