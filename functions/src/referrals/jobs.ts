import '../core/billing/jobs';

/** The referrals' background work (docs/plans.md, "Referrals"): a paid invoice makes a referral active and rewards it. */
export const referralJobs = {};
