import { defineEntity } from '../core/entity';
import { userPartitionKey } from '../core/users/entities';
import type { ContactField } from './contract';

/**
 * The users area's own entity (its row in core/access-patterns.ts); the profile and the
 * uniqueness claims it changes are core's (core/users/entities.ts), shared by every area.
 *
 * A pending change of email or phone: the new value, the code sent to it (a keyed hash), and
 * the budgets of codes asked and wrong tries spent in a window. One per user and field, in the
 * user's partition; TTL removes it when the window ends.
 */
export interface ContactChangeRecord {
  readonly userId: string;
  readonly field: ContactField;
  readonly value: string;
  readonly codeHash: string;
  readonly codeExpiresAtMs: number;
  /** Codes asked for in this window (each replaces the last). */
  readonly issues: number;
  /** Wrong and right tries in this window, whatever code they were against. */
  readonly attempts: number;
  readonly windowEndsAtMs: number;
  /** Epoch seconds: TTL. */
  readonly expiresAt: number;
}

const contactChangeSortKey = (field: ContactField) => `CONTACT_CHANGE#${field}`;

export const contactChangeEntity = defineEntity<ContactChangeRecord, [userId: string, field: ContactField]>({
  type: 'ContactChange',
  key: (userId, field) => ({ pk: userPartitionKey(userId), sk: contactChangeSortKey(field) }),
  keyOf: (record) => ({ pk: userPartitionKey(record.userId), sk: contactChangeSortKey(record.field) }),
});
