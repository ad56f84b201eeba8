import type { ParseKeys } from 'i18next';
import { lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AppAbility } from '@orbit/functions/core/ability';
import { useAppAbility, useSession } from '../../shared/session/use-session';
import { TabbedPage } from '../../shared/ui/tabbed-page';

interface Viewer {
  readonly ability: AppAbility;
  readonly isClient: boolean;
}

interface PlansTab {
  /** The tab's `?tab=` value. */
  readonly value: string;
  readonly label: ParseKeys;
  readonly Panel: ComponentType;
  /** Whether the signed-in person sees the tab (the server refuses the rest anyway). */
  readonly shown: (viewer: Viewer) => boolean;
}

/** Reads every client's subscription, not only their own: a rule without a condition (admins; Financial Management). */
const readsEverySubscription = ({ ability }: Viewer): boolean =>
  ability.rulesFor('read', 'Subscription').some((rule) => !rule.inverted && rule.conditions === undefined);

/** The page's tabs, in order; the first one shown is the default (no `?tab=`). Each panel loads when first shown. */
const tabs: readonly PlansTab[] = [
  {
    value: 'mine',
    label: 'plans.tabs.mine',
    Panel: lazy(async () => ({ default: (await import('./components/my-plan-panel')).MyPlanPanel })),
    shown: ({ isClient }) => isClient,
  },
  {
    value: 'overview',
    label: 'plans.tabs.overview',
    Panel: lazy(async () => ({ default: (await import('./components/overview-panel')).OverviewPanel })),
    shown: (viewer) => readsEverySubscription(viewer) && viewer.ability.can('read', 'Invoice'),
  },
  {
    value: 'subscriptions',
    label: 'plans.tabs.subscriptions',
    Panel: lazy(async () => ({ default: (await import('./components/subscriptions-panel')).SubscriptionsPanel })),
    shown: readsEverySubscription,
  },
  {
    value: 'pricing',
    label: 'plans.tabs.pricing',
    Panel: lazy(async () => ({ default: (await import('./components/pricing-panel')).PricingPanel })),
    shown: ({ ability }) => ability.can('read', 'Plan'),
  },
  {
    value: 'invoices',
    label: 'plans.tabs.invoices',
    Panel: lazy(async () => ({ default: (await import('./components/invoices-panel')).InvoicesPanel })),
    shown: ({ ability }) => ability.can('read', 'Invoice'),
  },
];

/**
 * /information/plans (read Plan): a client's plan, usage and next invoice, the catalogue, their
 * invoices; admins the overview, every subscription, every invoice and the catalogue's editor.
 * One tab each (`?tab=`, so a reload or a shared link opens the same one); the invoice mail's
 * link, `?invoice=<id>`, opens the invoices tab on that invoice.
 */
export const PlansPage = () => {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const isClient = useSession().userData?.role === 'client';
  const [params] = useSearchParams();
  return (
    <TabbedPage
      id="plans"
      title={t('plans.title')}
      subtitle={t('plans.subtitle')}
      tabsLabel={t('plans.tabs.label')}
      tabs={tabs
        .filter((tab) => tab.shown({ ability, isClient }))
        .map((tab) => ({ value: tab.value, label: t(tab.label), Panel: tab.Panel }))}
      impliedTab={params.has('invoice') ? 'invoices' : null}
    />
  );
};
