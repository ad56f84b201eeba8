import { authorize, authorizeResource, listScope } from '../core/authorize';
import type { CreditBalanceRecord, ReferralRecord, RewardRuleRecord } from '../core/billing/records';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import { getUserById, getUsersById } from '../core/users/repository';
import {
  shortenedName,
  type AdminCreditsResponse,
  type AdminListQuery,
  type AdminReferralsResponse,
  type CreditView,
  type ReferralAccount,
  type ReferralView,
  type RewardRuleView,
  type SaveRewardRule,
  type StageCounts,
} from './contract';
import {
  getRewardRule,
  listAllCreditBalances,
  listAllReferrals,
  listCreditBalancesOf,
  listReferralsOf,
  putRewardRule,
} from './repository';

/** The referrals' rules (docs/plans.md, "Referrals"): who sees which referrals, and the reward rule. */

/** May the caller read every referral (admins; staff granted `read Referral`), not only their own? */
const readsEveryReferral = (caller: Caller): boolean => listScope(caller.ability, 'read', 'Referral').kind === 'all';

const referralView = (record: ReferralRecord, fullNames: boolean): ReferralView => ({
  referredId: record.referredId,
  referredName: fullNames ? record.referredName : shortenedName(record.referredName),
  stage: record.stage,
  registeredAt: record.registeredAt,
  activatedAt: record.activatedAt,
  rewardedAt: record.rewardedAt,
  reward: record.reward,
  rewardCurrency: record.rewardCurrency,
});

const creditView = (record: CreditBalanceRecord): CreditView => ({
  currency: record.currency,
  earned: record.earned,
  applied: record.applied,
  available: record.available,
});

const ruleView = (record: RewardRuleRecord | undefined): RewardRuleView =>
  record
    ? { rule: record.rule, version: record.version, updatedAt: record.updatedAt }
    : { rule: null, version: 0, updatedAt: null };

const countsOf = (referrals: readonly ReferralRecord[]): StageCounts => {
  const counts = { registered: 0, active: 0, rewarded: 0 };
  for (const referral of referrals) counts[referral.stage] += 1;
  return counts;
};

/**
 * A person's code, link, referrals (newest first), credit and the rule: their own (a client's
 * rule `referrerId = me`), or anyone's for those who read every referral. Another's is 404.
 */
export const readReferralAccount = async (caller: Caller, userId: string): Promise<ReferralAccount> => {
  authorizeResource(caller.ability, 'read', 'Referral', { referrerId: userId }, 'User not found');
  const user = await getUserById(userId);
  if (!user) throw new NotFoundError('User not found');
  const [referrals, credits, rule] = await Promise.all([
    listReferralsOf(userId),
    listCreditBalancesOf(userId),
    getRewardRule(),
  ]);
  const fullNames = readsEveryReferral(caller);
  const newestFirst = [...referrals].sort((a, b) => b.registeredAt.localeCompare(a.registeredAt));
  return {
    userId,
    code: user.referralCode,
    linkPath: `/register?ref=${encodeURIComponent(user.referralCode)}`,
    counts: countsOf(referrals),
    referrals: newestFirst.map((referral) => referralView(referral, fullNames)),
    credits: credits.map(creditView),
    rewardRule: ruleView(rule),
  };
};

const requireEveryReferral = (caller: Caller): void => {
  if (!readsEveryReferral(caller)) throw new ForbiddenError();
};

/** Every referral, newest first, with both names whole (admins). */
export const listEveryReferral = async (caller: Caller, query: AdminListQuery): Promise<AdminReferralsResponse> => {
  requireEveryReferral(caller);
  const page = await listAllReferrals(query);
  const referrers = await getUsersById(page.records.map((record) => record.referrerId));
  return {
    referrals: page.records.map((record) => ({
      ...referralView(record, true),
      referrerId: record.referrerId,
      referrerName: referrers.get(record.referrerId)?.fullName ?? '',
    })),
    nextCursor: page.nextCursor,
  };
};

/** Every credit balance, by person (admins). */
export const listEveryCredit = async (caller: Caller, query: AdminListQuery): Promise<AdminCreditsResponse> => {
  requireEveryReferral(caller);
  const page = await listAllCreditBalances(query);
  const holders = await getUsersById(page.records.map((record) => record.userId));
  return {
    credits: page.records.map((record) => ({
      ...creditView(record),
      userId: record.userId,
      userName: holders.get(record.userId)?.fullName ?? '',
    })),
    nextCursor: page.nextCursor,
  };
};

/** Anyone signed in may read the rule: the referrals page says what a referral earns. */
export const readRewardRule = async (): Promise<RewardRuleView> => ruleView(await getRewardRule());

/**
 * An admin's rule (update Referral), from the version read: a stale one is 409 with the current
 * rule. It applies to referrals rewarded from now on; those rewarded keep their credit. The body
 * is read after authorising: who may not set the rule learns nothing of its fields.
 */
export const saveRewardRule = async (
  caller: Caller,
  body: () => SaveRewardRule,
  now = new Date(),
): Promise<RewardRuleView> => {
  authorize(caller.ability, 'update', 'Referral');
  const input = body();
  const record: RewardRuleRecord = {
    rule: input.rule,
    updatedAt: now.toISOString(),
    updatedBy: caller.principal.userId,
    version: input.version + 1,
  };
  try {
    await putRewardRule(record, input.version);
  } catch (error) {
    if (error instanceof ConditionFailed) {
      throw new ConflictError(
        { version: ['The reward rule was changed meanwhile'] },
        { rewardRule: await readRewardRule() },
      );
    }
    throw error;
  }
  return ruleView(record);
};
