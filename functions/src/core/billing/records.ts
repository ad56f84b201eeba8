/**
 * The records of plans, subscriptions, invoices, referrals and credit (docs/plans.md): shared by
 * the plans, referrals, invoice-pdf and payments areas, which each read or write some of them.
 * Money is always an integer amount of the currency's minor unit (cents), never a float.
 */

/** ISO 4217 codes the catalogue offers, with their minor-unit exponent (Intl formats them). */
export const currencies = { EUR: 2, USD: 2, GBP: 2, AED: 2, CHF: 2, JPY: 0 } as const;
export type Currency = keyof typeof currencies;

export type BillingInterval = 'month' | 'year';
export type Language = 'en' | 'fr' | 'ar';

/** Text in each interface language: the plan's name, description and features are the agency's own words. */
export interface Translatable {
  readonly en: string;
  readonly fr: string;
  readonly ar: string;
}

/* ---------- Catalogue ---------- */

export interface PlanLimits {
  /** Projects not completed or archived the client may have at once; null: no limit. */
  readonly activeProjects: number | null;
  /** Bytes of files the client may keep; null: no limit. */
  readonly storageBytes: number | null;
}

export interface PlanRecord {
  readonly id: string;
  readonly name: Translatable;
  readonly description: Translatable;
  readonly currency: Currency;
  /** Minor units per month and per year (a yearly price below 12 months' is the yearly saving). */
  readonly monthlyPrice: number;
  readonly yearlyPrice: number;
  /** Tax in basis points: 2000 is 20 %. */
  readonly taxRateBps: number;
  readonly features: readonly Translatable[];
  readonly limits: PlanLimits;
  /** Offered on the pricing page (hidden plans keep their subscribers). */
  readonly visible: boolean;
  /** Archived plans take no new subscribers; existing ones keep them until changed. */
  readonly archived: boolean;
  /** Order on the pricing page, ascending. */
  readonly position: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

/* ---------- Subscriptions ---------- */

export interface PlanChoice {
  readonly planId: string;
  readonly interval: BillingInterval;
}

export interface SubscriptionRecord {
  readonly clientId: string;
  readonly planId: string;
  readonly interval: BillingInterval;
  readonly status: 'active' | 'canceled';
  /** The current period, [start, end) as ISO timestamps (UTC midnight). */
  readonly currentPeriodStart: string;
  readonly currentPeriodEnd: string;
  /** True: the subscription ends at currentPeriodEnd and no further invoice is issued. */
  readonly cancelAtPeriodEnd: boolean;
  /** The client's request to change plan, waiting for an admin. */
  readonly requestedChange: (PlanChoice & { readonly requestedAt: string }) | null;
  /** An interval change waits for the period's end (a plan change is prorated at once). */
  readonly scheduledChange: PlanChoice | null;
  readonly canceledAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

/** What the next invoice will carry besides the period's price: proration of a plan change, to the day. */
export interface PendingInvoiceLine {
  readonly id: string;
  readonly clientId: string;
  readonly line: InvoiceLine;
  readonly createdAt: string;
}

/* ---------- Invoices ---------- */

export type InvoiceLine =
  | {
      readonly kind: 'plan';
      readonly planId: string;
      readonly planName: Translatable;
      readonly interval: BillingInterval;
      readonly periodStart: string;
      readonly periodEnd: string;
      readonly amount: number;
    }
  | {
      /** A plan change mid-period: the unused days of the old plan (negative) or the remaining days of the new one. */
      readonly kind: 'proration';
      readonly planId: string;
      readonly planName: Translatable;
      readonly direction: 'unused' | 'remaining';
      readonly days: number;
      readonly periodDays: number;
      readonly periodStart: string;
      readonly periodEnd: string;
      readonly amount: number;
    };

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void';
export type PaymentMethod = 'bank_transfer' | 'card' | 'cash' | 'online' | 'other';

export interface InvoicePayment {
  readonly method: PaymentMethod;
  /** The day the money arrived (YYYY-MM-DD). */
  readonly paidOn: string;
  readonly reference: string;
  /** The admin who recorded it, or 'provider' for an online payment. */
  readonly recordedBy: string;
  readonly recordedAt: string;
}

export interface InvoiceRecord {
  readonly id: string;
  readonly clientId: string;
  /** The client as billed: name, email and language at drafting (the PDF and mail use them). */
  readonly billedTo: { readonly fullName: string; readonly email: string; readonly language: Language };
  /** `2026-0001`: given when the draft is issued, gap-free per year; null while a draft. */
  readonly number: string | null;
  readonly status: InvoiceStatus;
  readonly currency: Currency;
  readonly lines: readonly InvoiceLine[];
  readonly subtotal: number;
  readonly taxRateBps: number;
  readonly tax: number;
  /** subtotal + tax. */
  readonly total: number;
  /** Referral credit applied when issued (never more than total). */
  readonly creditApplied: number;
  /** total − creditApplied: what the client pays. */
  readonly amountDue: number;
  /** The billing period this invoice is for (the plan line's). */
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly issuedAt: string | null;
  /** Issued + 14 days; open past it is overdue. */
  readonly dueAt: string | null;
  readonly payment: InvoicePayment | null;
  readonly voidedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

/* ---------- Referrals and credit ---------- */

export type ReferralStage = 'registered' | 'active' | 'rewarded';

export interface ReferralRecord {
  readonly referrerId: string;
  readonly referredId: string;
  /** The referred client's name at sign-up; shown shortened to the referrer ("Maya R."). */
  readonly referredName: string;
  readonly stage: ReferralStage;
  readonly registeredAt: string;
  /** Set when the referred client's first invoice is paid. */
  readonly activatedAt: string | null;
  readonly firstPaidInvoiceId: string | null;
  readonly rewardedAt: string | null;
  /** The credit issued for it (minor units of rewardCurrency). */
  readonly reward: number | null;
  readonly rewardCurrency: Currency | null;
  readonly version: number;
}

export type RewardRule =
  | { readonly kind: 'fixed'; readonly amount: number; readonly currency: Currency }
  | {
      readonly kind: 'percent';
      /** Basis points of the first paid invoice's total: 1000 is 10 %. */
      readonly percentBps: number;
      /** At most this much per referral (in `currency`). */
      readonly cap: number;
      readonly currency: Currency;
    };

export interface RewardRuleRecord {
  readonly rule: RewardRule;
  readonly updatedAt: string;
  readonly updatedBy: string;
  readonly version: number;
}

/** A user's credit in one currency: earned by referrals, applied to their invoices. */
export interface CreditBalanceRecord {
  readonly userId: string;
  readonly currency: Currency;
  readonly earned: number;
  readonly applied: number;
  /** earned − applied. */
  readonly available: number;
  readonly version: number;
}

/** One movement of a credit balance; its id names its cause, so a second run writes nothing. */
export interface CreditEntryRecord {
  /** `earned#<referredId>`, `applied#<invoiceId>` or `released#<invoiceId>` (a voided invoice gives its credit back). */
  readonly id: string;
  readonly userId: string;
  readonly kind: 'earned' | 'applied' | 'released';
  readonly amount: number;
  readonly currency: Currency;
  readonly referredId: string | null;
  readonly invoiceId: string | null;
  readonly at: string;
}
