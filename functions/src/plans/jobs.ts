import '../core/billing/jobs';

/** The plans area's background work (docs/plans.md, "Background work"): drafting, issuing and mailing invoices. */
export const planJobs = {};
