import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ParseKeys } from 'i18next';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AppAbility } from '@orbit/functions/core/ability';
import { useAppAbility, useSession } from '../../shared/session/use-session';
import { PageHeader } from '../../shared/ui/page-header';
import { PageTitle } from '../../shared/ui/page-title';
import { ProgressBar } from '../../shared/ui/progress-bar';
import { TabStrip } from '../../shared/ui/tab-strip';

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
  const [params, setParams] = useSearchParams();
  const visible = tabs.filter((tab) => tab.shown({ ability, isClient }));
  const [first] = visible;
  const asked = params.get('tab') ?? (params.has('invoice') ? 'invoices' : null);
  const current = visible.find((tab) => tab.value === asked) ?? first;
  if (!current) return null;
  const { Panel } = current;
  return (
    <Stack component="section" aria-labelledby="plans-heading" spacing={3} data-testid="plans-page">
      <PageTitle title={t('plans.title')} />
      <PageHeader headingId="plans-heading" title={t('plans.title')} subtitle={t('plans.subtitle')} />
      {visible.length > 1 ? (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <TabStrip
            value={current.value}
            onChange={(value) => setParams(value === first?.value ? {} : { tab: value })}
            aria-label={t('plans.tabs.label')}
            items={visible.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
            sx={{ px: 1 }}
          />
        </Paper>
      ) : null}
      <Suspense fallback={<ProgressBar aria-label={t('app.loading')} />}>
        <Panel />
      </Suspense>
    </Stack>
  );
};
