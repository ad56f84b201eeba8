import type { ParseKeys } from 'i18next';
import { lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '@orbit/functions/core/ability';
import { useAppAbility } from '../../shared/session/use-session';
import { TabbedPage } from '../../shared/ui/tabbed-page';
import { MyReferralsPanel } from './components/my-referrals-panel';

interface ReferralsTab {
  /** The tab's `?tab=` value. */
  readonly value: string;
  readonly label: ParseKeys;
  readonly Panel: ComponentType;
  /** Whether the signed-in person sees the tab (the server refuses the rest anyway). */
  readonly shown: (ability: AppAbility) => boolean;
}

/** Reads every referral, not only their own: a rule on Referral without a condition (admins; staff granted it). */
const readsEveryReferral = (ability: AppAbility): boolean =>
  ability.rulesFor('read', 'Referral').some((rule) => !rule.inverted && rule.conditions === undefined);

/** The page's tabs, in order; the first is everyone's and the default (no `?tab=`). Admin panels load when first shown. */
const tabs: readonly ReferralsTab[] = [
  { value: 'mine', label: 'referrals.tabs.mine', Panel: MyReferralsPanel, shown: () => true },
  {
    value: 'all',
    label: 'referrals.tabs.all',
    Panel: lazy(async () => ({ default: (await import('./components/all-referrals-panel')).AllReferralsPanel })),
    shown: readsEveryReferral,
  },
  {
    value: 'credits',
    label: 'referrals.tabs.credits',
    Panel: lazy(async () => ({ default: (await import('./components/credit-balances-panel')).CreditBalancesPanel })),
    shown: readsEveryReferral,
  },
  {
    value: 'rule',
    label: 'referrals.tabs.rule',
    Panel: lazy(async () => ({ default: (await import('./components/reward-rule-panel')).RewardRulePanel })),
    shown: (ability) => ability.can('update', 'Referral'),
  },
];

/**
 * /information/referrals (read Referral): the person's referral link, counts per stage, their
 * referrals and credit, and the rule; admins also every referral, every balance and the rule's
 * form, one tab each (`?tab=`, so a reload or a shared link opens the same one).
 */
export const ReferralsPage = () => {
  const { t } = useTranslation();
  const ability = useAppAbility();
  return (
    <TabbedPage
      id="referrals"
      title={t('referrals.title')}
      subtitle={t('referrals.subtitle')}
      tabsLabel={t('referrals.tabs.label')}
      tabs={tabs
        .filter((tab) => tab.shown(ability))
        .map((tab) => ({ value: tab.value, label: t(tab.label), Panel: tab.Panel }))}
    />
  );
};
