import { createHash } from 'node:crypto';

import { defineEntity, recordOf, type Item, type TableKey } from '../core/entity';
import { userPartitionKey } from '../core/users/entities';
import type { SecurityEventName } from './security-contract';

/**
 * The auth area's entities (their rows in core/identity-access-patterns.ts):
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

// No side effects: a bundle that uses none of an entity (the users area's) drops it and its key.
const digestNamedEntity = /* @__NO_SIDE_EFFECTS__ */ <R extends object, K extends readonly string[]>(definition: {
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
/**
 * The partition of one source's counters, where core/rate-window.ts also counts the accounts
 * registered from it (sort keys `RATE#registrations#…`, beside these budgets).
 */
export const sourcePartition = (source: string): string => sourceBudgets(source);
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

/* ---------- Security: two-step verification, the security log, two-step budgets ---------- */

/**
 * A user's two-step verification (TOTP, RFC 6238), beside their profile so that reading a
 * profile never carries it: the secret sealed (core/secret-box.ts), the last time step a code
 * was accepted at (a code is never accepted twice), the recovery codes' SHA-256 digests (a
 * string set: using one is a conditional DELETE from it), and an enrolment not yet confirmed.
 * The profile's `settings.isTwoStepAuthVerificationEnabled` says whether it is on.
 */
export interface TwoStepRecord {
  readonly userId: string;
  readonly sealedSecret?: string;
  readonly lastUsedStep?: number;
  readonly recoveryHashes?: ReadonlySet<string>;
  readonly enabledAt?: string;
  /** An enrolment started and not yet confirmed by a first code. */
  readonly pendingSealedSecret?: string;
  readonly pendingSince?: string;
}

const twoStepSk = 'TWOSTEP';
export const twoStepEntity = defineEntity<TwoStepRecord, [userId: string]>({
  type: 'TwoStep',
  key: (userId) => ({ pk: userPartitionKey(userId), sk: twoStepSk }),
  keyOf: (record) => ({ pk: userPartitionKey(record.userId), sk: twoStepSk }),
});

/** What the security log records (docs/user-view.md, "Security, two-step sign-in and sessions"). */
export type SecurityEvent = SecurityEventName;

export interface SecurityLogRecord {
  readonly userId: string;
  /** A ULID: entries sort by time, newest first with a reverse Query. */
  readonly entryId: string;
  readonly event: SecurityEvent;
  readonly at: string;
  /** Where it came from: the address and the browser's user agent, when a request did it. */
  readonly ip?: string;
  readonly userAgent?: string;
  /** The session it opened or ended. */
  readonly sessionId?: string;
  /** Who did it, when not the user (an admin revoking a session). */
  readonly actorId?: string;
  /** How many (sessions revoked at once). */
  readonly count?: number;
  /** Epoch seconds; DynamoDB TTL removes the entry after the log's retention. */
  readonly expiresAt: number;
}

const securityLogPrefix = 'SECLOG#';
export const securityLogEntity = defineEntity<SecurityLogRecord, [userId: string, entryId: string]>({
  type: 'SecurityLogEntry',
  key: (userId, entryId) => ({ pk: userPartitionKey(userId), sk: `${securityLogPrefix}${entryId}` }),
  keyOf: (entry) => ({ pk: userPartitionKey(entry.userId), sk: `${securityLogPrefix}${entry.entryId}` }),
});
/** A user's security log: begins_with this under their partition, newest first. */
export const securityLogOf = (userId: string) => ({ pk: userPartitionKey(userId), skPrefix: securityLogPrefix });

/**
 * The second step of a sign-in: the right password was given, a code is still due. Named by a
 * digest of the random challenge the browser holds (a leaked item does not let anyone finish
 * the sign-in); deleted by the sign-in it completes, so it works once.
 */
export interface TwoStepChallengeRecord {
  readonly userId: string;
  readonly expiresAtMs: number;
  /** Epoch seconds; DynamoDB TTL removes the item. */
  readonly expiresAt: number;
}
export const twoStepChallengeEntity = digestNamedEntity<TwoStepChallengeRecord, [challenge: string]>({
  type: 'TwoStepChallenge',
  key: (challenge) => ({ pk: `CHALLENGE#${digest(challenge)}`, sk: 'CHALLENGE' }),
});

/** Codes (and passwords asked again) checked for one signed-in user, whatever the source. */
export const twoStepUserBudget = digestNamedEntity<AttemptBudgetRecord, [userId: string]>({
  type: 'CodeChecksPerUser',
  key: (userId) => ({ pk: `THROTTLE#USER#${digest(userId)}`, sk: 'CODES' }),
});
