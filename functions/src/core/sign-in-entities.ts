import type { RoleRules } from './ability';
import { defineEntity } from './entity';
import { userPartitionKey } from './users/entities';

/**
 * The session entity (its row in core/identity-access-patterns.ts), used by core/auth on every signed-in
 * request: one per signed-in device, under its user's partition, so "revoke every session" is one
 * Query. The other sign-in entities (attempt budgets, reset codes) are the auth area's own
 * (auth/entities.ts): every area authenticates, so what is here is in every Lambda bundle, and
 * its key prefixes in every function's table grant.
 */

/* ---------- Sessions ---------- */

export interface SessionRecord {
  readonly userId: string;
  readonly sessionId: string;
  readonly refreshHash: string;
  readonly createdAt: string;
  readonly lastUsedAt: string;
  readonly userAgent: string;
  /** The address the session was opened or last refreshed from (auth/request-source.ts). */
  readonly ip?: string;
  /** The secret this session's current one replaced, and when: another tab may still hold it. */
  readonly previousRefreshHash?: string;
  readonly rotatedAtMs?: number;
  /** Epoch seconds; DynamoDB TTL removes expired sessions. */
  readonly expiresAt: number;
}

const sessionPrefix = 'SESSION#';
export const sessionEntity = defineEntity<SessionRecord, [userId: string, sessionId: string]>({
  type: 'Session',
  key: (userId, sessionId) => ({ pk: userPartitionKey(userId), sk: `${sessionPrefix}${sessionId}` }),
  keyOf: (session) => ({ pk: userPartitionKey(session.userId), sk: `${sessionPrefix}${session.sessionId}` }),
});
/** Every session of a user: begins_with this under their user partition. */
export const sessionsOf = (userId: string) => ({ pk: userPartitionKey(userId), skPrefix: sessionPrefix });

/* ---------- What each staff role may do ---------- */

/**
 * The rules each staff role's permissions grant (core/ability.ts `RoleRules`), one item the
 * permissions area rewrites in the same transaction as any permission change, and every
 * signed-in request reads with its session: a change holds from the next request on.
 */
export interface RoleRulesRecord {
  readonly rulesByRole: RoleRules;
  /** Increases with every rewrite; a rewrite is conditional on the version it read. */
  readonly version: number;
  readonly updatedAt: string;
}

export const roleRulesEntity = defineEntity<RoleRulesRecord, []>({
  type: 'RoleRules',
  key: () => ({ pk: 'ROLE_RULES', sk: 'CURRENT' }),
  keyOf: () => ({ pk: 'ROLE_RULES', sk: 'CURRENT' }),
});
