import { defineEntity } from '../entity';
import { userPartitionKey } from '../users/entities';
import type { ConnectionRecord, ConnectionSetRecord } from './records';

/**
 * Open WebSocket connections (their rows in core/access-patterns.ts): a user's open connections
 * in one item, their connection set (in GSI2 by role for broadcasts), and, per connection, who
 * owns it ($default, $disconnect and a 410 only know the id).
 */

/** GSI2: the connection sets of a role's users (broadcasts), by user id. */
export const connectionsByRolePartition = (role: string) => `CONNECTIONS#${role}`;
const connectionSetSk = 'CONNECTIONS';
export const connectionSetEntity = defineEntity<ConnectionSetRecord, [userId: string]>({
  type: 'ConnectionSet',
  key: (userId) => ({ pk: userPartitionKey(userId), sk: connectionSetSk }),
  keyOf: (set) => ({ pk: userPartitionKey(set.userId), sk: connectionSetSk }),
  indexKeysOf: (set) => ({ gsi2pk: connectionsByRolePartition(set.role), gsi2sk: set.userId }),
});

export const connectionOwnerEntity = defineEntity<ConnectionRecord, [connectionId: string]>({
  type: 'ConnectionOwner',
  key: (connectionId) => ({ pk: `CONNECTION#${connectionId}`, sk: 'CONNECTION' }),
  keyOf: (connection) => ({ pk: `CONNECTION#${connection.connectionId}`, sk: 'CONNECTION' }),
});
