import * as v from 'valibot';
import {
  createPlanSchema,
  planDescriptionMaxLength,
  planTextMaxLength,
  type CreatePlan,
  type PlanView,
} from '@orbit/functions/plans/contract';
import type { Currency } from '@orbit/functions/referrals/contract';
import { moneyInput, parseMoney, parsePercent } from '../../../shared/i18n/money-format';
import { gigabytesInput, parseGigabytes } from './pricing-format';

/**
 * The plan form's values as typed (money, percentages and gigabytes are text until sent) and
 * their reading into the API's body: minor units, basis points and bytes, checked by the API's
 * own schema (`createPlanSchema`), so the form refuses what the server would.
 */

export interface TextValues {
  en: string;
  fr: string;
  ar: string;
}

export interface PlanFormValues {
  name: TextValues;
  description: TextValues;
  currency: Currency;
  monthlyPrice: string;
  yearlyPrice: string;
  /** A percentage ("20", "5.5"), sent as basis points. */
  taxRate: string;
  features: TextValues[];
  /** Empty: no limit. */
  activeProjects: string;
  /** Gigabytes (decimal); empty: no limit. */
  storageGb: string;
  /** The stored storage limit (an edit), kept while `storageGb` still shows it: the field may show it rounded. */
  storedStorageBytes: number | null;
  visible: boolean;
  archived: boolean;
  position: string;
}

/** The fields that can be wrong, by the form's own path ("name.en", "features.2.fr", "taxRate"). */
export type PlanFormPath = string;

const emptyText = (): TextValues => ({ en: '', fr: '', ar: '' });
const textOf = ({ en, fr, ar }: TextValues): TextValues => ({ en, fr, ar });

/** A new plan's starting values: after the last plan, hidden until its words are ready. */
export const newPlanValues = (nextPosition: number): PlanFormValues => ({
  name: emptyText(),
  description: emptyText(),
  currency: 'EUR',
  monthlyPrice: '',
  yearlyPrice: '',
  taxRate: '20',
  features: [emptyText()],
  activeProjects: '',
  storageGb: '',
  storedStorageBytes: null,
  visible: false,
  archived: false,
  position: String(nextPosition),
});

export const planFormValues = (plan: PlanView): PlanFormValues => ({
  name: textOf(plan.name),
  description: textOf(plan.description),
  currency: plan.currency,
  monthlyPrice: moneyInput(plan.monthlyPrice, plan.currency),
  yearlyPrice: moneyInput(plan.yearlyPrice, plan.currency),
  taxRate: String(plan.taxRateBps / 100),
  features: plan.features.map(textOf),
  activeProjects: plan.limits.activeProjects === null ? '' : String(plan.limits.activeProjects),
  storageGb: plan.limits.storageBytes === null ? '' : gigabytesInput(plan.limits.storageBytes),
  storedStorageBytes: plan.limits.storageBytes,
  visible: plan.visible,
  archived: plan.archived,
  position: String(plan.position),
});

/** A server (or schema) path as the form names the field: the API says `limits.storageBytes`, the form gigabytes. */
export const formPathOf = (serverPath: string): PlanFormPath | null => {
  if (serverPath === 'taxRateBps') return 'taxRate';
  if (serverPath === 'limits.activeProjects') return 'activeProjects';
  if (serverPath === 'limits.storageBytes') return 'storageGb';
  if (/^(name|description)\.(en|fr|ar)$/.test(serverPath)) return serverPath;
  if (/^features\.\d+\.(en|fr|ar)$/.test(serverPath)) return serverPath;
  if (['currency', 'monthlyPrice', 'yearlyPrice', 'position'].includes(serverPath)) return serverPath;
  return null;
};

export type FieldProblem =
  | { readonly kind: 'requiredText'; readonly max: number }
  | { readonly kind: 'optionalText'; readonly max: number }
  | { readonly kind: 'money' | 'taxRate' | 'limit' | 'storage' | 'position' | 'currency' };

/** What a wrong field needs, in the form's words: the message depends on the field alone, whatever the cause. */
export const problemOf = (path: PlanFormPath): FieldProblem => {
  const text = /^(name|description|features\.\d+)\.(en|fr|ar)$/.exec(path);
  if (text) {
    const max = text[1] === 'description' ? planDescriptionMaxLength : planTextMaxLength;
    return text[2] === 'en' ? { kind: 'requiredText', max } : { kind: 'optionalText', max };
  }
  switch (path) {
    case 'monthlyPrice':
    case 'yearlyPrice':
      return { kind: 'money' };
    case 'taxRate':
      return { kind: 'taxRate' };
    case 'activeProjects':
      return { kind: 'limit' };
    case 'storageGb':
      return { kind: 'storage' };
    case 'position':
      return { kind: 'position' };
    default:
      return { kind: 'currency' };
  }
};

const wholeNumber = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The body the values say, or the fields that do not say a valid plan. */
export const readPlanForm = (
  values: PlanFormValues,
): { readonly body: CreatePlan } | { readonly invalid: readonly PlanFormPath[] } => {
  const invalid = new Set<PlanFormPath>();
  const read = <T>(path: PlanFormPath, value: T | null, fallback: T): T => {
    if (value === null) invalid.add(path);
    return value ?? fallback;
  };
  const monthlyPrice = read('monthlyPrice', parseMoney(values.monthlyPrice, values.currency), 0);
  const yearlyPrice = read('yearlyPrice', parseMoney(values.yearlyPrice, values.currency), 0);
  const bps = parsePercent(values.taxRate);
  const taxRateBps = read('taxRate', bps !== null && bps <= 10_000 ? bps : null, 0);
  const projects = values.activeProjects.trim() === '' ? null : wholeNumber(values.activeProjects);
  if (projects !== null && projects < 1) invalid.add('activeProjects');
  if (values.activeProjects.trim() !== '' && projects === null) invalid.add('activeProjects');
  const stored = values.storedStorageBytes;
  const storageBytes =
    values.storageGb.trim() === ''
      ? null
      : stored !== null && values.storageGb === gigabytesInput(stored)
        ? stored
        : parseGigabytes(values.storageGb);
  if (values.storageGb.trim() !== '' && !storageBytes) invalid.add('storageGb');
  const position = read('position', wholeNumber(values.position), 0);

  const body: CreatePlan = {
    name: textOf(values.name),
    description: textOf(values.description),
    currency: values.currency,
    monthlyPrice,
    yearlyPrice,
    taxRateBps,
    features: values.features.map(textOf),
    limits: { activeProjects: projects && projects >= 1 ? projects : null, storageBytes: storageBytes || null },
    visible: values.visible,
    archived: values.archived,
    position,
  };
  const checked = v.safeParse(createPlanSchema, body);
  if (!checked.success) {
    for (const issue of checked.issues) {
      const path = formPathOf(v.getDotPath(issue) ?? '');
      if (path) invalid.add(path);
    }
  }
  if (invalid.size > 0 || !checked.success) return { invalid: [...invalid] };
  return { body: checked.output };
};

const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
};

/** The fields an edit changes (a PATCH sends only those, with the version read), so it never rewrites the rest. */
export const changedFields = (plan: PlanView, body: CreatePlan): Partial<CreatePlan> =>
  Object.fromEntries(
    Object.entries(body).filter(([key, value]) => !sameValue(plan[key as keyof CreatePlan], value)),
  ) as Partial<CreatePlan>;
