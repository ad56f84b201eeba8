import type { RewardRule } from '@orbit/functions/referrals/contract';
import { formatMoney, formatPercent } from '../../../shared/i18n/money-format';

/** A rule's figures, formatted for the translations' `rule.*` sentences. */
export const ruleWords = (
  rule: RewardRule,
  language: string,
):
  | { readonly kind: 'fixed'; readonly amount: string }
  | { readonly kind: 'percent'; readonly percent: string; readonly cap: string } =>
  rule.kind === 'fixed'
    ? { kind: 'fixed', amount: formatMoney(rule.amount, rule.currency, language) }
    : {
        kind: 'percent',
        percent: formatPercent(rule.percentBps, language),
        cap: formatMoney(rule.cap, rule.currency, language),
      };
