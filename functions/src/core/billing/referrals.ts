import { putPart, type TransactionPart } from '../db';
import { referralEntity } from './entities';
import type { ReferralRecord } from './records';

/**
 * A referral begins with the account it brought (docs/plans.md, "Referrals"): registration writes
 * it in the transaction that creates the account, so there is never an account whose referral
 * was lost, nor a referral without its account. In core because the auth area builds it.
 */

/** The person an email reaches: lower case, and the local part's `+tag` dropped (`maya+x@a.io` is `maya@a.io`). */
export const normalisedEmail = (email: string): string => {
  const lowered = email.trim().toLowerCase();
  const at = lowered.lastIndexOf('@');
  if (at < 0) return lowered;
  const local = lowered.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus < 0 ? local : local.slice(0, plus)}${lowered.slice(at)}`;
};

interface Contact {
  readonly email: string;
  readonly phone: string;
}

/** True when the newcomer is the referrer under another address: the same phone, or the same mailbox. */
export const isSelfReferral = (newcomer: Contact, referrer: Contact): boolean =>
  newcomer.phone === referrer.phone || normalisedEmail(newcomer.email) === normalisedEmail(referrer.email);

/** The referral a new account starts, at stage registered. */
export const newReferral = (
  referrerId: string,
  referred: { id: string; fullName: string },
  at: string,
): ReferralRecord => ({
  referrerId,
  referredId: referred.id,
  referredName: referred.fullName,
  stage: 'registered',
  registeredAt: at,
  activatedAt: null,
  firstPaidInvoiceId: null,
  rewardedAt: null,
  reward: null,
  rewardCurrency: null,
  version: 1,
});

/** The referral's write, for the account's transaction: a referred client has one referral, written once. */
export const referralPart = (referral: ReferralRecord): TransactionPart =>
  putPart('referral', referralEntity.toItem(referral), 'attribute_not_exists(pk)');
