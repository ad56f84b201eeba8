/**
 * The background work of plans and referrals (docs/plans.md, "Background work"), declared in core
 * because more than one area writes these jobs: a subscription's periods (plans) and a paid
 * invoice (plans, payments) start them; the worker runs them.
 */

/** Draft the invoice of one period; due at the period's start. Idempotent: a period is billed once (BilledPeriod). */
export interface InvoiceDraftPayload {
  readonly clientId: string;
  readonly periodStart: string;
}

/** Issue a draft (number, credit, open, mail), due an hour after drafting unless an admin issued it first. */
export interface InvoiceIssuePayload {
  readonly invoiceId: string;
}

/** Mail an issued invoice to its client (at most once). */
export interface InvoiceEmailPayload {
  readonly invoiceId: string;
}

/** A paid invoice may make its client's referral active, and the referrer rewarded. */
export interface ReferralActivationPayload {
  readonly clientId: string;
  readonly invoiceId: string;
}

declare module '../jobs/records' {
  interface JobPayloads {
    'billing.invoice.draft': InvoiceDraftPayload;
    'billing.invoice.issue': InvoiceIssuePayload;
    'billing.invoice.email': InvoiceEmailPayload;
    'referrals.activate': ReferralActivationPayload;
  }
}
