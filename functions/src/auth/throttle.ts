import {
  sourcePartition,
  twoStepUserBudget,
  resetIssuePhoneBudget,
  resetIssueSourceBudget,
  signInPhoneAtSourceBudget,
  signInPhoneBudget,
  signInSourceBudget,
} from './entities';
import type { TransactionPart } from '../core/db';
import type { RateLimit, RateSpend } from '../core/rate-window';
import type { TableKey } from '../core/entity';
import {
  budgetOf,
  reserveAttempts,
  settleAttempts,
  signInBudgetKeysOf,
  type AlongsideWrite,
  type BudgetRule,
  type Reservation,
  type ReserveOutcome,
} from './attempt-budgets';

/**
 * Sign-in throttling (docs/decisions.md, "Throttling and lockout"). Every attempt spends one
 * unit of three budgets before the password is checked:
 * - the phone from this source: 5 per 15 minutes (guessing one account from one place);
 * - this source, whatever the phone: 20 per 15 minutes (password spraying);
 * - the phone from every source: 30 per 15 minutes (guessing spread over many places).
 * A success gives its units back and clears its phone-and-source count, so the owner's own
 * typos never add up; someone else's wrong guesses from another source cannot lock the owner
 * out, and the wide per-phone limit, which can, is lifted by a password reset.
 */
const window = 15 * 60 * 1000;
export const signInBudgets = {
  phoneAtSource: { max: 5, windowMs: window },
  source: { max: 20, windowMs: window },
  phone: { max: 30, windowMs: window },
} as const satisfies Record<string, BudgetRule>;

/**
 * Spends an attempt of each budget, all in one transaction. When one has no room (the
 * narrowest first decides the answer), nothing is spent: a refused attempt checks no password,
 * so it is not a failure.
 */
export const reserveSignInAttempt = (
  phone: string,
  source: string,
  now = Date.now(),
  alongside: readonly AlongsideWrite[] = [],
): Promise<ReserveOutcome> =>
  reserveAttempts(
    [
      { budget: budgetOf(signInPhoneAtSourceBudget, phone, source), rule: signInBudgets.phoneAtSource },
      { budget: budgetOf(signInSourceBudget, source), rule: signInBudgets.source },
      { budget: budgetOf(signInPhoneBudget, phone), rule: signInBudgets.phone },
    ],
    { now, alongside },
  );

/**
 * The right password: the attempt was the owner's, so it costs nothing. Its units go back and
 * its phone-and-source count is cleared in the same transaction as `alongside` (the session).
 */
export const settleSuccessfulSignIn = (
  phone: string,
  source: string,
  reservations: readonly Reservation[],
  alongside: readonly TransactionPart[] = [],
): Promise<void> => {
  const own = signInPhoneAtSourceBudget.key(phone, source);
  return settleAttempts({
    clear: [own],
    refund: reservations.filter((reservation) => reservation.key.pk !== own.pk || reservation.key.sk !== own.sk),
    alongside,
  });
};

/** A password reset proves the phone: every sign-in limit on it is lifted (these budgets deleted). */
export const signInLimitsOf = (phone: string): Promise<TableKey[]> => signInBudgetKeysOf(phone);

/**
 * Reset codes: at most 3 per phone and 10 per source an hour, counted for every phone asked
 * about, registered or not, so the limit says nothing about which phones exist.
 */
const hour = 60 * 60 * 1000;
export const resetIssueBudgets = {
  phone: { max: 3, windowMs: hour },
  source: { max: 10, windowMs: hour },
} as const satisfies Record<string, BudgetRule>;

/**
 * Spends a code issue of the source and of the phone, in one transaction with `alongside` (the
 * new code): seconds to wait when a code may not be issued yet (nothing is written), else
 * undefined (the code is stored and may be sent).
 */
export const reserveResetIssue = async (
  phone: string,
  source: string,
  { now = Date.now(), alongside = [] }: { now?: number; alongside?: readonly AlongsideWrite[] } = {},
): Promise<number | undefined> => {
  const outcome = await reserveAttempts(
    [
      { budget: budgetOf(resetIssueSourceBudget, source), rule: resetIssueBudgets.source },
      { budget: budgetOf(resetIssuePhoneBudget, phone), rule: resetIssueBudgets.phone },
    ],
    { now, alongside },
  );
  return outcome.granted ? undefined : outcome.retryAfterSeconds;
};

/**
 * Codes and passwords asked again (two-step sign-in, turning two-step verification on or off,
 * new recovery codes, a password change): 5 per 15 minutes per user, like a phone's guesses from
 * one source, and, for the sign-in's second step, the source's sign-in budget too, shared with
 * passwords (guessing codes from one place is password spraying by another name). A success
 * gives its units back and clears the user's count.
 */
export const codeCheckBudget = { max: 5, windowMs: window } as const satisfies BudgetRule;

export const reserveCodeCheck = (
  userId: string,
  {
    source,
    now = Date.now(),
    alongside = [],
  }: { source?: string; now?: number; alongside?: readonly AlongsideWrite[] },
): Promise<ReserveOutcome> =>
  reserveAttempts(
    [
      { budget: budgetOf(twoStepUserBudget, userId), rule: codeCheckBudget },
      ...(source === undefined ? [] : [{ budget: budgetOf(signInSourceBudget, source), rule: signInBudgets.source }]),
    ],
    { now, alongside },
  );

/** The right code or password: its units back, the user's count cleared, with `alongside`. */
export const settleCodeCheck = (
  userId: string,
  reservations: readonly Reservation[],
  alongside: readonly TransactionPart[],
): Promise<void> => {
  const own = twoStepUserBudget.key(userId);
  return settleAttempts({
    clear: [own],
    refund: reservations.filter((reservation) => reservation.key.pk !== own.pk || reservation.key.sk !== own.sk),
    alongside,
  });
};

/**
 * Registrations (docs/decisions.md, "Security: abuse limits in one counting window"): at most 10
 * new accounts an hour and 30 a day from one source (an IPv4 address, an IPv6 /64). An office or
 * a family signing up behind one address stays well under it; a script creating accounts does
 * not. Counted in the transaction that creates the account, so a refused or failed sign-up
 * (a phone already taken) costs nothing.
 */
export const registrationLimit = {
  name: 'registrations',
  windows: [
    { max: 10, seconds: 60 * 60 },
    { max: 30, seconds: 24 * 60 * 60 },
  ],
} as const satisfies RateLimit;

export const registrationSpend = (source: string): RateSpend => ({
  limit: registrationLimit,
  pk: sourcePartition(source),
});
