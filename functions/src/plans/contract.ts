import * as v from 'valibot';

import type {
  BillingInterval,
  Currency,
  InvoiceLine,
  PlanChoice,
  PlanLimits,
  Translatable,
} from '../core/billing/records';
import { currencies } from '../core/billing/records';
import { object, queryLimit, recordId, trimInvisible } from '../core/schema';

/**
 * The catalogue's and subscriptions' contract (docs/plans.md, "Catalogue", "Subscriptions",
 * "Limits", "Overview"): request schemas the API validates and the web's forms reuse, and the
 * views the API answers. Money is integer minor units of the plan's currency; tax in basis points.
 */

export const planTextMaxLength = 200;
export const planDescriptionMaxLength = 2000;
export const planFeaturesMax = 30;
/** A price or limit far beyond any plan, yet exactly representable (integers stay exact below 2^53). */
export const planAmountMax = 1_000_000_000_000;

const text = (field: string, maxLength: number) =>
  v.pipe(v.string(`${field} must be text`), trimInvisible(), v.maxLength(maxLength, `At most ${maxLength} characters`));

/** A text in each language: English is required (the fallback of the others), French and Arabic may be empty. */
const translatable = (field: string, maxLength: number) =>
  object({
    en: v.pipe(text(field, maxLength), v.minLength(1, `Enter the ${field} in English`)),
    fr: text(field, maxLength),
    ar: text(field, maxLength),
  });

const wholeAmount = (field: string) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.integer(`${field} must be a whole number of minor units (cents)`),
    v.minValue(0, `${field} cannot be negative`),
    v.maxValue(planAmountMax, `${field} is too large`),
  );

const limit = (field: string) =>
  v.nullable(
    v.pipe(
      v.number(`${field} must be a number or empty (no limit)`),
      v.integer(`${field} must be a whole number`),
      v.minValue(1, `${field} is at least 1 (leave it empty for no limit)`),
      v.maxValue(planAmountMax, `${field} is too large`),
    ),
  );

const currencyCodes = Object.keys(currencies) as Currency[];

export const intervals = ['month', 'year'] as const satisfies readonly BillingInterval[];

const interval = v.picklist(intervals, 'Choose monthly or yearly');

const version = v.pipe(
  v.number('version must be a number'),
  v.integer('version must be a whole number'),
  v.minValue(1),
);

const planFields = {
  name: translatable('name', planTextMaxLength),
  description: translatable('description', planDescriptionMaxLength),
  currency: v.picklist(currencyCodes, `Choose a currency: ${currencyCodes.join(', ')}`),
  monthlyPrice: wholeAmount('monthlyPrice'),
  yearlyPrice: wholeAmount('yearlyPrice'),
  taxRateBps: v.pipe(
    v.number('taxRateBps must be a number'),
    v.integer('taxRateBps must be a whole number of basis points'),
    v.minValue(0, 'taxRateBps is at least 0'),
    v.maxValue(10_000, 'taxRateBps is at most 10000 (100 %)'),
  ),
  features: v.pipe(
    v.array(translatable('feature', planTextMaxLength), 'features must be a list'),
    v.maxLength(planFeaturesMax, `At most ${planFeaturesMax} features`),
  ),
  limits: object({ activeProjects: limit('activeProjects'), storageBytes: limit('storageBytes') }),
  visible: v.boolean('visible must be true or false'),
  archived: v.boolean('archived must be true or false'),
  position: v.pipe(
    v.number('position must be a number'),
    v.integer('position must be a whole number'),
    v.minValue(0, 'position is at least 0'),
    v.maxValue(10_000, 'position is at most 10000'),
  ),
};

/** POST /api/apps/plans: a whole plan. */
export const createPlanSchema = object(planFields);
export type CreatePlan = v.InferOutput<typeof createPlanSchema>;

/** PATCH /api/apps/plans/{id}: any fields, from the version read (stale: 409). */
export const updatePlanSchema = object({ ...v.partial(createPlanSchema).entries, version });
export type UpdatePlan = v.InferOutput<typeof updatePlanSchema>;

/** A plan as the API answers it. */
export interface PlanView {
  readonly id: string;
  readonly name: Translatable;
  readonly description: Translatable;
  readonly currency: Currency;
  readonly monthlyPrice: number;
  readonly yearlyPrice: number;
  readonly taxRateBps: number;
  readonly features: readonly Translatable[];
  readonly limits: PlanLimits;
  readonly visible: boolean;
  readonly archived: boolean;
  readonly position: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

/** GET /api/apps/plans → `{ plans }` (by position; clients: visible, not archived); POST/PATCH → `{ plan }`. */
export interface PlansResponse {
  readonly plans: readonly PlanView[];
}
export interface PlanResponse {
  readonly plan: PlanView;
}

/* ---------- Subscriptions ---------- */

/** PUT /api/apps/plans/subscriptions/{clientId} (admin): subscribe, or change plan/interval (from the version read). */
export const setSubscriptionSchema = object({
  planId: recordId('Choose a plan'),
  interval,
  /** Required when the client has a subscription (stale: 409); absent to subscribe. */
  version: v.optional(version),
});
export type SetSubscription = v.InferOutput<typeof setSubscriptionSchema>;

/** POST …/change-request (the client): the plan and interval they ask for. */
export const requestChangeSchema = object({ planId: recordId('Choose a plan'), interval });
export type RequestChange = v.InferOutput<typeof requestChangeSchema>;

/** GET /api/apps/plans/subscriptions (admin): by client id, by cursor. */
export const listSubscriptionsQuery = object({
  limit: v.optional(queryLimit(100)),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(500, 'cursor is not valid'))),
});
export type ListSubscriptionsQuery = v.InferOutput<typeof listSubscriptionsQuery>;

/** One meter: what the client uses against the plan's limit (null: no limit). */
export interface UsageMeter {
  readonly used: number;
  readonly limit: number | null;
}

export interface SubscriptionUsage {
  /** Projects not completed or archived. */
  readonly activeProjects: UsageMeter;
  /** Bytes of the files the client attached (docs/plans.md, "Limits"). */
  readonly storageBytes: UsageMeter;
}

/** What the next invoice will carry, as it stands now. */
export interface NextInvoicePreview {
  /** The current period's end: the next period's invoice is drafted then. */
  readonly date: string;
  readonly currency: Currency;
  readonly taxRateBps: number;
  /** The next period's plan line (plan or interval as scheduled) and the pending proration lines. */
  readonly lines: readonly InvoiceLine[];
  readonly subtotal: number;
  readonly tax: number;
  readonly total: number;
  /** The client's available referral credit in the currency, as much as the total takes. */
  readonly creditApplied: number;
  readonly amountDue: number;
}

export interface SubscriptionView {
  readonly clientId: string;
  readonly clientName: string;
  readonly plan: PlanView;
  readonly interval: BillingInterval;
  readonly status: 'active' | 'canceled';
  readonly currentPeriodStart: string;
  readonly currentPeriodEnd: string;
  readonly cancelAtPeriodEnd: boolean;
  readonly requestedChange: (PlanChoice & { readonly requestedAt: string }) | null;
  readonly scheduledChange: PlanChoice | null;
  readonly canceledAt: string | null;
  readonly usage: SubscriptionUsage;
  /** Null when no further invoice comes (canceled, or cancelling at the period's end). */
  readonly nextInvoice: NextInvoicePreview | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

/** GET/PUT/POST … /subscriptions/{clientId}… → `{ subscription }`; GET without a subscription is 404. */
export interface SubscriptionResponse {
  readonly subscription: SubscriptionView;
}

/** A row of the admins' list (no usage or preview: those cost reads per client). */
export interface SubscriptionSummary {
  readonly clientId: string;
  readonly clientName: string;
  readonly planId: string;
  readonly planName: Translatable;
  readonly interval: BillingInterval;
  readonly status: 'active' | 'canceled';
  readonly currentPeriodEnd: string;
  readonly cancelAtPeriodEnd: boolean;
  readonly requestedChange: (PlanChoice & { readonly requestedAt: string }) | null;
  readonly scheduledChange: PlanChoice | null;
  readonly version: number;
}

export interface SubscriptionsResponse {
  readonly subscriptions: readonly SubscriptionSummary[];
  readonly nextCursor?: string;
}

/* ---------- Overview ---------- */

export interface PlanSubscribers {
  readonly planId: string;
  readonly planName: Translatable;
  readonly currency: Currency;
  readonly monthly: number;
  readonly yearly: number;
}

export interface MoneyCount {
  readonly currency: Currency;
  readonly count: number;
  /** Sum of amountDue, minor units. */
  readonly amount: number;
}

/** GET /api/apps/plans/overview (admin) → `{ overview }`. */
export interface PlansOverview {
  readonly subscribers: readonly PlanSubscribers[];
  /** Monthly recurring revenue per currency, before tax: monthly prices, and yearly ones / 12 rounded. */
  readonly mrr: readonly { readonly currency: Currency; readonly amount: number }[];
  readonly openInvoices: readonly MoneyCount[];
  /** Open invoices past their due date. */
  readonly overdueInvoices: readonly MoneyCount[];
}

export interface PlansOverviewResponse {
  readonly overview: PlansOverview;
}
