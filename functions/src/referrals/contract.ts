import * as v from 'valibot';

import { currencies, type Currency, type ReferralStage, type RewardRule } from '../core/billing/records';
import { object, queryLimit } from '../core/schema';

/**
 * The referrals' API (docs/plans.md, "Referrals"), shared with the web app: a person's code,
 * link and referrals, every referral and balance for the admins, and the reward rule.
 */

/** The money and rule types the page needs too (core is not exported to the web app). */
export { currencies, type Currency, type ReferralStage, type RewardRule };

export const referralStages = ['registered', 'active', 'rewarded'] as const satisfies readonly ReferralStage[];
export const currencyCodes = Object.keys(currencies) as Currency[];

/** One referral as its referrer sees it: the name shortened ("Maya R."); admins see it whole. */
export interface ReferralView {
  readonly referredId: string;
  readonly referredName: string;
  readonly stage: ReferralStage;
  readonly registeredAt: string;
  readonly activatedAt: string | null;
  readonly rewardedAt: string | null;
  /** The credit it earned, in minor units of rewardCurrency. */
  readonly reward: number | null;
  readonly rewardCurrency: Currency | null;
}

/** A referral in the admins' list: who referred whom, names whole. */
export interface AdminReferralView extends ReferralView {
  readonly referrerId: string;
  readonly referrerName: string;
}

/** A person's credit in one currency (minor units): earned by referrals, applied to invoices. */
export interface CreditView {
  readonly currency: Currency;
  readonly earned: number;
  readonly applied: number;
  readonly available: number;
}

export interface AdminCreditView extends CreditView {
  readonly userId: string;
  readonly userName: string;
}

/** The rule rewarding a referral when its client's first invoice is paid; null until an admin sets one. */
export interface RewardRuleView {
  readonly rule: RewardRule | null;
  /** 0 while none was ever set. */
  readonly version: number;
  readonly updatedAt: string | null;
}

export type StageCounts = Readonly<Record<ReferralStage, number>>;

/** GET /api/apps/referrals/users/{userId}. */
export interface ReferralAccount {
  readonly userId: string;
  readonly code: string;
  /** Where the code signs people up: `/register?ref=CODE`, joined to the app's origin by the page. */
  readonly linkPath: string;
  readonly counts: StageCounts;
  /** Newest first. */
  readonly referrals: readonly ReferralView[];
  readonly credits: readonly CreditView[];
  readonly rewardRule: RewardRuleView;
}

export interface ReferralAccountResponse {
  readonly account: ReferralAccount;
}
export interface AdminReferralsResponse {
  readonly referrals: readonly AdminReferralView[];
  readonly nextCursor: string | null;
}
export interface AdminCreditsResponse {
  readonly credits: readonly AdminCreditView[];
  readonly nextCursor: string | null;
}
export interface RewardRuleResponse {
  readonly rewardRule: RewardRuleView;
}

/** The admins' pages: newest first (referrals), by person (credits), by cursor. */
export const adminListQuery = object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(500, 'cursor is not valid'))),
  limit: v.optional(queryLimit(100), 50),
});
export type AdminListQuery = v.InferOutput<typeof adminListQuery>;

const currency = v.picklist(currencyCodes, 'Choose a currency');
const positiveAmount = (field: string) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.integer(`${field} must be a whole number of minor units`),
    v.minValue(1, `${field} must be more than 0`),
    v.maxValue(100_000_000, `${field} is too large`),
  );

export const rewardRuleSchema = v.variant(
  'kind',
  [
    object({ kind: v.literal('fixed'), amount: positiveAmount('amount'), currency }),
    object({
      kind: v.literal('percent'),
      percentBps: v.pipe(
        v.number('percentBps must be a number'),
        v.integer('percentBps must be a whole number'),
        v.minValue(1, 'percentBps is at least 1 (0.01 %)'),
        v.maxValue(10_000, 'percentBps is at most 10000 (100 %)'),
      ),
      cap: positiveAmount('cap'),
      currency,
    }),
  ],
  'Choose a fixed amount or a percentage',
);

/** PUT /api/apps/referrals/reward-rule: the rule, from the version read (0: none set yet). */
export const saveRewardRuleSchema = object({
  rule: rewardRuleSchema,
  version: v.pipe(v.number('version must be a number'), v.integer('version must be a whole number'), v.minValue(0)),
});
export type SaveRewardRule = v.InferOutput<typeof saveRewardRuleSchema>;

/** "Maya Rossi" → "Maya R.": what a referrer sees of the people they brought. */
export const shortenedName = (fullName: string): string => {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${[...last][0]?.toUpperCase() ?? ''}.` : first;
};
