import { defineEntity } from '../core/entity';
import { userPartitionKey } from '../core/users/entities';
import type { ContactField } from './contract';

/**
 * The users area's own entity (its row in core/identity-access-patterns.ts); the profile and the
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

/**
 * The way back from a confirmed change (docs/user-view.md): the value the field had before the
 * changes of this window, and the SHA-256 of each undo link sent to a value that was replaced.
 * Any one link undoes, once: the undo deletes the item, so every link of the window stops
 * working with it. A change confirmed while the window is open keeps the value to restore (the
 * first one: a second change cannot move the way back to an address the first put in) and opens
 * the window again from then. One per user and field, in the user's partition; TTL removes it.
 */
export interface ContactUndoRecord {
  readonly userId: string;
  readonly field: ContactField;
  readonly restoreTo: string;
  readonly tokenHashes: ReadonlySet<string>;
  readonly validUntilMs: number;
  /** Epoch seconds: TTL. */
  readonly expiresAt: number;
}

const contactUndoSortKey = (field: ContactField) => `CONTACT_UNDO#${field}`;

export const contactUndoEntity = defineEntity<ContactUndoRecord, [userId: string, field: ContactField]>({
  type: 'ContactUndo',
  key: (userId, field) => ({ pk: userPartitionKey(userId), sk: contactUndoSortKey(field) }),
  keyOf: (record) => ({ pk: userPartitionKey(record.userId), sk: contactUndoSortKey(record.field) }),
});
