import type { ReferralActivationPayload } from '../core/billing/jobs';
import type { CreditBalanceRecord, InvoiceRecord, ReferralRecord } from '../core/billing/records';
import { ConditionFailed, retry } from '../core/db';
import { getUserById } from '../core/users/repository';
import { getCreditBalance, getInvoice, getReferral, getRewardRule, putReferralStage, writeReward } from './repository';
import { rewardFor } from './reward';

export type ActivationOutcome =
  'not-referred' | 'invoice-not-paid' | 'already-rewarded' | 'moved-meanwhile' | 'activated' | 'rewarded';

/**
 * A paid invoice's step for its client's referral (docs/plans.md, "Referrals"): registered →
 * active with the first paid invoice, then → rewarded by the rule as it is now, the credit
 * added to the referrer's balance with an entry named after the referred client, all in one
 * transaction conditional on the referral's version. At-least-once: a second run finds the
 * referral rewarded, or loses its condition, and writes nothing. No rule yet: the referral stays
 * active, and the next paid invoice's run rewards it by the rule then (from the first paid invoice).
 */
export const activateReferral = async (
  { clientId, invoiceId }: ReferralActivationPayload,
  now: Date,
): Promise<ActivationOutcome> => {
  const client = await getUserById(clientId);
  if (!client?.referredBy) return 'not-referred';
  const referrerId = client.referredBy;
  // The balance is shared with invoices being issued (they apply credit): a lost race on it is
  // tried again from fresh reads; a lost race on the referral means another run did the work.
  return retry(
    {
      attempts: 5,
      baseDelayMs: 50,
      maxDelayMs: 800,
      retryOn: (error) => error instanceof ConditionFailed && error.failed('balance'),
    },
    async () => {
      const referral = await getReferral(referrerId, clientId);
      if (!referral) return 'not-referred';
      if (referral.stage === 'rewarded') return 'already-rewarded';
      const invoice = await getInvoice(invoiceId);
      if (invoice?.status !== 'paid') return 'invoice-not-paid';
      const at = now.toISOString();
      const active: ReferralRecord =
        referral.stage === 'registered'
          ? { ...referral, stage: 'active', activatedAt: at, firstPaidInvoiceId: invoice.id }
          : referral;
      try {
        return await rewardOrKeepActive(referral, active, invoice, at);
      } catch (error) {
        // Another run moved the referral on meanwhile: its work is done.
        if (error instanceof ConditionFailed && error.failed('referral')) return 'moved-meanwhile';
        throw error;
      }
    },
  );
};

const rewardOrKeepActive = async (
  read: ReferralRecord,
  active: ReferralRecord,
  paidNow: InvoiceRecord,
  at: string,
): Promise<ActivationOutcome> => {
  const rule = (await getRewardRule())?.rule;
  if (!rule) {
    if (read.stage === 'active') return 'activated';
    await putReferralStage({ ...active, version: read.version + 1 }, read.version);
    return 'activated';
  }
  // The reward is of the FIRST paid invoice, even when a later one's run gives it (no rule before);
  // a referral made active without one on record (imported history) is rewarded by this one.
  const firstPaid =
    active.firstPaidInvoiceId && active.firstPaidInvoiceId !== paidNow.id
      ? ((await getInvoice(active.firstPaidInvoiceId)) ?? paidNow)
      : paidNow;
  const reward = rewardFor(rule, firstPaid);
  const balance = await getCreditBalance(read.referrerId, reward.currency);
  const next: CreditBalanceRecord = {
    userId: read.referrerId,
    currency: reward.currency,
    earned: (balance?.earned ?? 0) + reward.amount,
    applied: balance?.applied ?? 0,
    available: (balance?.available ?? 0) + reward.amount,
    version: (balance?.version ?? 0) + 1,
  };
  await writeReward({
    referral: {
      ...active,
      stage: 'rewarded',
      rewardedAt: at,
      reward: reward.amount,
      rewardCurrency: reward.currency,
      version: read.version + 1,
    },
    referralReadVersion: read.version,
    balance: next,
    balanceReadVersion: balance?.version ?? 0,
    entry: {
      id: `earned#${read.referredId}`,
      userId: read.referrerId,
      kind: 'earned',
      amount: reward.amount,
      currency: reward.currency,
      referredId: read.referredId,
      invoiceId: firstPaid.id,
      at,
    },
  });
  return 'rewarded';
};
