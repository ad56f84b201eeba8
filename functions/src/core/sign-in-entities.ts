import { createHash } from 'node:crypto';

import type { TableKey } from './entity';
import { userPartitionKey } from './users/entities';

/**
 * The keys the sign-in code (core/auth, auth) uses today, declared as entities so the
 * access-pattern test checks them. That code still builds its own keys: moving it onto these
 * builders (and adding per-source throttles here, one entity each) is a few lines per entity.
 */

export const sessionEntity = {
  type: 'Session',
  key: (userId: string, sessionId: string): TableKey => ({
    pk: userPartitionKey(userId),
    sk: `SESSION#${sessionId}`,
  }),
  /** Every session of a user: begins_with this under their user partition. */
  sessionsOf: (userId: string) => ({ pk: userPartitionKey(userId), skPrefix: 'SESSION#' }),
} as const;

export const loginThrottleEntity = {
  type: 'LoginThrottle',
  /** A hash of the phone as sent, so any string makes a fixed-size key. */
  key: (phone: string): TableKey => ({
    pk: `THROTTLE#LOGIN#${createHash('sha256').update(phone).digest('base64url')}`,
    sk: 'THROTTLE',
  }),
} as const;

export const resetCodeEntity = {
  type: 'ResetCode',
  key: (phone: string): TableKey => ({ pk: `RESET#${phone}`, sk: 'RESET' }),
} as const;
