import type { Language } from '../core/billing/records';

/** The invoice's words in each language (docs/plans.md, "Invoice PDF"); numbers and dates come filled in. */
export interface InvoiceLabels {
  readonly invoice: string;
  readonly number: string;
  readonly issuedOn: string;
  readonly dueOn: string;
  readonly billedTo: string;
  readonly description: string;
  readonly amount: string;
  readonly subtotal: string;
  readonly tax: (rate: string) => string;
  readonly creditApplied: string;
  readonly total: string;
  readonly amountDue: string;
  readonly notIssued: string;
  readonly stamp: { readonly draft: string; readonly paid: string; readonly void: string };
  readonly paidOn: (date: string) => string;
  readonly planLine: (plan: string, interval: 'month' | 'year', period: string) => string;
  readonly prorationLine: (
    plan: string,
    direction: 'unused' | 'remaining',
    days: string,
    periodDays: string,
    period: string,
  ) => string;
}

export const invoiceLabels: Readonly<Record<Language, InvoiceLabels>> = {
  en: {
    invoice: 'Invoice',
    number: 'Number',
    issuedOn: 'Issue date',
    dueOn: 'Due date',
    billedTo: 'Billed to',
    description: 'Description',
    amount: 'Amount',
    subtotal: 'Subtotal',
    tax: (rate) => `Tax (${rate})`,
    creditApplied: 'Referral credit applied',
    total: 'Total',
    amountDue: 'Amount due',
    notIssued: 'Not issued yet',
    stamp: { draft: 'DRAFT', paid: 'PAID', void: 'VOID' },
    paidOn: (date) => `Paid on ${date}`,
    planLine: (plan, interval, period) => `${plan} plan, ${interval === 'month' ? 'monthly' : 'yearly'}: ${period}`,
    prorationLine: (plan, direction, days, periodDays, period) =>
      `${direction === 'unused' ? 'Unused time on' : 'Remaining time on'} ${plan} (${days} of ${periodDays} days): ${period}`,
  },
  fr: {
    invoice: 'Facture',
    number: 'Numéro',
    issuedOn: "Date d'émission",
    dueOn: "Date d'échéance",
    billedTo: 'Facturé à',
    description: 'Désignation',
    amount: 'Montant',
    subtotal: 'Sous-total',
    tax: (rate) => `TVA (${rate})`,
    creditApplied: 'Crédit de parrainage appliqué',
    total: 'Total',
    amountDue: 'Montant dû',
    notIssued: 'Pas encore émise',
    stamp: { draft: 'BROUILLON', paid: 'PAYÉE', void: 'ANNULÉE' },
    paidOn: (date) => `Payée le ${date}`,
    planLine: (plan, interval, period) => `Forfait ${plan}, ${interval === 'month' ? 'mensuel' : 'annuel'} : ${period}`,
    prorationLine: (plan, direction, days, periodDays, period) =>
      `${direction === 'unused' ? 'Temps non utilisé sur' : 'Temps restant sur'} ${plan} (${days} jours sur ${periodDays}) : ${period}`,
  },
  ar: {
    invoice: 'فاتورة',
    number: 'الرقم',
    issuedOn: 'تاريخ الإصدار',
    dueOn: 'تاريخ الاستحقاق',
    billedTo: 'فاتورة إلى',
    description: 'الوصف',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    tax: (rate) => `الضريبة (${rate})`,
    creditApplied: 'رصيد الإحالة المستخدم',
    total: 'الإجمالي',
    amountDue: 'المبلغ المستحق',
    notIssued: 'لم تصدر بعد',
    stamp: { draft: 'مسودة', paid: 'مدفوعة', void: 'ملغاة' },
    paidOn: (date) => `دفعت في ${date}`,
    planLine: (plan, interval, period) => `خطة ${plan}، ${interval === 'month' ? 'شهرية' : 'سنوية'}: ${period}`,
    prorationLine: (plan, direction, days, periodDays, period) =>
      `${direction === 'unused' ? 'الوقت غير المستخدم من' : 'الوقت المتبقي من'} ${plan} (${days} من ${periodDays} يومًا): ${period}`,
  },
};
