import { createHash } from 'node:crypto';

import { recordOf, type Item, type TableKey } from '../core/entity';

/**
 * The auth area's entities (their rows in core/access-patterns.ts):
 * - attempt budgets: how many sign-ins (per phone from one source, per source, per phone) and
 *   reset-code issues (per phone, per source) a window has spent (docs/decisions.md,
 *   "Throttling and lockout"). A phone's budgets share one partition, so a password reset lifts
 *   its sign-in budgets with one Query;
 * - reset code: the phone's current code and the wrong tries spent on it.
 */

/* ---------- Items named by what a caller sent ---------- */

/**
 * Phones and sources are hashed into keys: any string a caller sends becomes a fixed-size key,
 * known phone or not, and neither is stored in clear.
 */
const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');

/**
 * An entity named by a digest: its record cannot rebuild its key (the name is not stored), so
 * an item is made from the key and the record. Otherwise the same mapping as `defineEntity`.
 */
export interface DigestNamedEntity<R extends object, K extends readonly string[]> {
  readonly type: string;
  readonly key: (...names: K) => TableKey;
  readonly toItem: (key: TableKey, record: R) => Item;
  readonly fromItem: (item: Item) => R;
}

const digestNamedEntity = <R extends object, K extends readonly string[]>(definition: {
  readonly type: string;
  readonly key: (...names: K) => TableKey;
}): DigestNamedEntity<R, K> => ({
  type: definition.type,
  key: definition.key,
  toItem: (key, record) => ({ ...key, type: definition.type, ...record }),
  fromItem: (item) => recordOf<R>(item),
});

/* ---------- Attempt budgets ---------- */

export interface AttemptBudgetRecord {
  readonly attempts: number;
  /** The window opens with its first attempt and ends here (epoch ms). */
  readonly windowEndsAtMs: number;
  /** Epoch seconds; DynamoDB TTL removes a budget after its window. */
  readonly expiresAt: number;
}

const phoneBudgets = (phone: string) => `THROTTLE#PHONE#${digest(phone)}`;
const sourceBudgets = (source: string) => `THROTTLE#SOURCE#${digest(source)}`;
const signInPrefix = 'SIGNIN#';

/** Sign-ins for one phone from one source. */
export const signInPhoneAtSourceBudget = digestNamedEntity<AttemptBudgetRecord, [phone: string, source: string]>({
  type: 'SignInAttemptsPerPhoneAtSource',
  key: (phone, source) => ({ pk: phoneBudgets(phone), sk: `${signInPrefix}SOURCE#${digest(source)}` }),
});
/** Sign-ins for one phone from every source together. */
export const signInPhoneBudget = digestNamedEntity<AttemptBudgetRecord, [phone: string]>({
  type: 'SignInAttemptsPerPhone',
  key: (phone) => ({ pk: phoneBudgets(phone), sk: `${signInPrefix}ALL` }),
});
/** Sign-ins from one source, whatever the phone (password spraying). */
export const signInSourceBudget = digestNamedEntity<AttemptBudgetRecord, [source: string]>({
  type: 'SignInAttemptsPerSource',
  key: (source) => ({ pk: sourceBudgets(source), sk: 'SIGNIN' }),
});
/** Every sign-in budget of a phone (the two above it): lifted together after a password reset. */
export const signInBudgetsOf = (phone: string) => ({ pk: phoneBudgets(phone), skPrefix: signInPrefix });

/** Reset codes issued for one phone. */
export const resetIssuePhoneBudget = digestNamedEntity<AttemptBudgetRecord, [phone: string]>({
  type: 'ResetIssuesPerPhone',
  key: (phone) => ({ pk: phoneBudgets(phone), sk: 'RESETISSUE' }),
});
/** Reset codes requested from one source, whatever the phone. */
export const resetIssueSourceBudget = digestNamedEntity<AttemptBudgetRecord, [source: string]>({
  type: 'ResetIssuesPerSource',
  key: (source) => ({ pk: sourceBudgets(source), sk: 'RESETISSUE' }),
});

/* ---------- Reset codes ---------- */

export interface ResetCodeRecord {
  /** A keyed hash of the code: a leaked item does not reveal it. */
  readonly codeHash: string;
  /** Wrong tries spent in the try window, whatever codes were issued in it. */
  readonly attempts: number;
  readonly codeExpiresAtMs: number;
  readonly budgetEndsAtMs: number;
  /** Epoch seconds; DynamoDB TTL removes the item after the try window. */
  readonly expiresAt: number;
}

export const resetCodeEntity = digestNamedEntity<ResetCodeRecord, [phone: string]>({
  type: 'ResetCode',
  key: (phone) => ({ pk: `RESET#${digest(phone)}`, sk: 'RESET' }),
});
