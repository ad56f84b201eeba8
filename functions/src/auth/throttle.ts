import {
  resetIssuePhoneBudget,
  resetIssueSourceBudget,
  signInPhoneAtSourceBudget,
  signInPhoneBudget,
  signInSourceBudget,
} from './entities';
import {
  budgetOf,
  clearBudget,
  clearSignInBudgetsOf,
  refundAttempt,
  reserveAttempt,
  type BudgetRule,
  type Reservation,
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

export type SignInReservation =
  | { readonly granted: true; readonly reservations: readonly Reservation[] }
  | { readonly granted: false; readonly retryAfterSeconds: number };

/**
 * Spends an attempt of each budget in turn, narrowest first. A refusal gives back what the
 * attempt already spent: a refused attempt checks no password, so it is not a failure.
 */
export const reserveSignInAttempt = async (
  phone: string,
  source: string,
  now = Date.now(),
): Promise<SignInReservation> => {
  const budgets = [
    [budgetOf(signInPhoneAtSourceBudget, phone, source), signInBudgets.phoneAtSource],
    [budgetOf(signInSourceBudget, source), signInBudgets.source],
    [budgetOf(signInPhoneBudget, phone), signInBudgets.phone],
  ] as const;
  const reservations: Reservation[] = [];
  for (const [budget, rule] of budgets) {
    const outcome = await reserveAttempt(budget, rule, now);
    if (!outcome.granted) {
      await Promise.all(reservations.map(refundAttempt));
      return outcome;
    }
    reservations.push(outcome.reservation);
  }
  return { granted: true, reservations };
};

/** The right password: the attempt was the owner's, so it costs nothing. */
export const settleSuccessfulSignIn = async (
  phone: string,
  source: string,
  reservations: readonly Reservation[],
): Promise<void> => {
  const own = signInPhoneAtSourceBudget.key(phone, source);
  await Promise.all([
    clearBudget(own),
    ...reservations
      .filter((reservation) => reservation.key.pk !== own.pk || reservation.key.sk !== own.sk)
      .map(refundAttempt),
  ]);
};

/** A password reset proves the phone: every sign-in limit on it is lifted. */
export const liftSignInLimits = (phone: string): Promise<void> => clearSignInBudgetsOf(phone);

/**
 * Reset codes: at most 3 per phone and 10 per source an hour, counted for every phone asked
 * about, registered or not, so the limit says nothing about which phones exist.
 */
const hour = 60 * 60 * 1000;
export const resetIssueBudgets = {
  phone: { max: 3, windowMs: hour },
  source: { max: 10, windowMs: hour },
} as const satisfies Record<string, BudgetRule>;

/** Seconds to wait when a new code may not be issued yet, else undefined (the code may be sent). */
export const reserveResetIssue = async (
  phone: string,
  source: string,
  now = Date.now(),
): Promise<number | undefined> => {
  const bySource = await reserveAttempt(budgetOf(resetIssueSourceBudget, source), resetIssueBudgets.source, now);
  if (!bySource.granted) return bySource.retryAfterSeconds;
  const byPhone = await reserveAttempt(budgetOf(resetIssuePhoneBudget, phone), resetIssueBudgets.phone, now);
  if (!byPhone.granted) {
    await refundAttempt(bySource.reservation);
    return byPhone.retryAfterSeconds;
  }
  return undefined;
};
