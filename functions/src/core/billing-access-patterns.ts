import type { AccessPattern } from './access-patterns';

/**
 * Plans, subscriptions, invoices, referrals and credit: their rows of the access-pattern table
 * (core/billing/entities.ts; docs/plans.md, "Data"), joined into core/access-patterns.ts and
 * checked against the key builders by access-patterns.test.ts.
 */
const module = 'core/billing/entities.ts';
const subscriptionModule = 'core/billing/subscription-entities.ts';

export const billingAccessPatterns: readonly AccessPattern[] = [
  {
    entity: 'Plan',
    module: subscriptionModule,
    index: 'table',
    pk: 'PLANS',
    sk: 'PLAN#<planId>',
    patterns: ['the catalogue (a handful of plans: one Query, begins_with PLAN#)', 'one plan by id'],
  },
  {
    entity: 'Subscription',
    module: subscriptionModule,
    index: 'table',
    pk: 'SUBSCRIPTION#<clientId>',
    sk: 'SUBSCRIPTION',
    patterns: ["a client's subscription (its page, the project limit, the worker's invoice drafting)"],
  },
  {
    entity: 'Subscription',
    module: subscriptionModule,
    index: 'gsi1',
    pk: 'SUBSCRIPTIONS',
    sk: '<clientId>',
    patterns: ["the admins' list of subscriptions, by cursor"],
  },
  {
    entity: 'PendingInvoiceLine',
    module,
    index: 'table',
    pk: 'SUBSCRIPTION#<clientId>',
    sk: 'PENDING#<lineId>',
    patterns: [
      "a plan change's proration, waiting for the next invoice (begins_with PENDING#), removed by the draft that bills it",
    ],
  },
  {
    entity: 'BilledPeriod',
    module,
    index: 'table',
    pk: 'SUBSCRIPTION#<clientId>',
    sk: 'PERIOD#<periodStart>',
    patterns: ['the invoice of one period, claimed with the draft (attribute_not_exists): a period is billed once'],
  },
  {
    entity: 'BillingStats',
    module,
    index: 'table',
    pk: 'BILLING#stats',
    sk: 'STATS',
    patterns: ["subscribers per plan and interval for the admins' overview, kept by each subscription write"],
  },
  {
    entity: 'Invoice',
    module,
    index: 'table',
    pk: 'INVOICE#<invoiceId>',
    sk: 'INVOICE',
    patterns: ['one invoice by id (its page, its PDF, a payment, the checkout webhook)'],
  },
  {
    entity: 'Invoice',
    module,
    index: 'gsi1',
    pk: 'INVOICES#<clientId>',
    sk: '<invoiceId>',
    patterns: ["a client's invoices, newest first, by cursor"],
  },
  {
    entity: 'Invoice',
    module,
    index: 'gsi2',
    pk: 'INVOICESTATUS#<status>',
    sk: '<dueAt>#<invoiceId>',
    patterns: [
      "every invoice of a status by due date, by cursor: the admins' list; open ones due before now are overdue",
    ],
  },
  {
    entity: 'InvoiceCounter',
    module,
    index: 'table',
    pk: 'INVOICECOUNTER#<year>',
    sk: 'COUNTER',
    patterns: ["the year's last invoice number, raised from the value read in the issuing transaction (gap-free)"],
  },
  {
    entity: 'Referral',
    module,
    index: 'table',
    pk: 'REFERRER#<referrerId>',
    sk: 'REFERRED#<referredId>',
    patterns: ["a referrer's referrals (their page)", "one referral, by the referred client's referredBy"],
  },
  {
    entity: 'Referral',
    module,
    index: 'gsi1',
    pk: 'REFERRALS',
    sk: '<registeredAt>#<referredId>',
    patterns: ['every referral, newest first, for the admins'],
  },
  {
    entity: 'RewardRule',
    module,
    index: 'table',
    pk: 'REFERRALRULE',
    sk: 'RULE',
    patterns: ["the admins' reward rule, read when a referral becomes active"],
  },
  {
    entity: 'CreditBalance',
    module,
    index: 'table',
    pk: 'CREDIT#<userId>',
    sk: 'BALANCE#<currency>',
    patterns: [
      "a user's credit in a currency: raised by a reward, lowered by an invoice it pays (conditional on the value read)",
    ],
  },
  {
    entity: 'CreditBalance',
    module,
    index: 'gsi1',
    pk: 'CREDITS',
    sk: '<userId>#<currency>',
    patterns: ['every balance, for the admins'],
  },
  {
    entity: 'CreditEntry',
    module,
    index: 'table',
    pk: 'CREDIT#<userId>',
    sk: 'ENTRY#<entryId>',
    patterns: ["a balance's movements; the id names the cause (earned#, applied#, released#), so each is written once"],
  },
  {
    entity: 'Usage',
    module: 'core/billing/usage-entity.ts',
    index: 'table',
    pk: 'USAGE#<clientId>',
    sk: 'USAGE',
    patterns: [
      "a client's storage bytes: raised when they attach a file, lowered when they remove it; read by the storage limit and the usage meters",
    ],
  },
  {
    entity: 'PaymentEvent',
    module,
    index: 'table',
    pk: 'PAYMENTEVENT#<eventId>',
    sk: 'EVENT',
    patterns: [
      "a payment provider's event, claimed (attribute_not_exists) with the payment it makes: an event sent twice acts once",
    ],
  },
];
