import '../core/billing/jobs';
import type { JobDefinition } from '../core/jobs/definition';
import type { JobPayloads } from '../core/jobs/records';
import { activateReferral } from './activation';

/**
 * The referrals' background work (docs/plans.md, "Referrals"): a paid invoice makes a referral
 * active and rewards it. At-least-once: it checks what is already done (the referral's stage and
 * version, the credit entry named after the referred client), so a second run writes nothing.
 */
const activate: JobDefinition<JobPayloads['referrals.activate']> = {
  delivery: 'at-least-once',
  run: (payload, { now }) => activateReferral(payload, now).then((outcome) => ({ outcome })),
};

export const referralJobs = { 'referrals.activate': activate };
