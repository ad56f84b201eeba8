import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ParseKeys } from 'i18next';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header';
import { PageTitle } from '../../shared/ui/page-title';
import { ProgressBar } from '../../shared/ui/progress-bar';
import { TabStrip } from '../../shared/ui/tab-strip';

interface IntegrationsTab {
  /** The tab's `?tab=` value. */
  readonly value: string;
  readonly label: ParseKeys;
  /** The tab's panel, downloaded when the tab is first shown. */
  readonly Panel: ComponentType;
}

/**
 * The page's tabs, in order; the first is the default (no `?tab=`). A tab is one line here: its
 * value, its label and its lazily loaded panel.
 */
const tabs: readonly IntegrationsTab[] = [
  {
    value: 'webhooks',
    label: 'integrations.tabs.webhooks',
    Panel: lazy(async () => ({ default: (await import('./components/webhooks-panel')).WebhooksPanel })),
  },
  {
    value: 'keys',
    label: 'integrations.tabs.keys',
    Panel: lazy(async () => ({ default: (await import('./components/api-keys-panel')).ApiKeysPanel })),
  },
  {
    value: 'links',
    label: 'integrations.tabs.links',
    Panel: lazy(async () => ({ default: (await import('./components/help-links-panel')).HelpLinksPanel })),
  },
  {
    value: 'reference',
    label: 'integrations.tabs.reference',
    Panel: lazy(async () => ({ default: (await import('./reference/api-reference-panel')).ApiReferencePanel })),
  },
];

/**
 * /apps/integrations (administrators: `manage Integration`): outgoing webhooks with their delivery
 * log, API keys, the help links and the API reference, one tab each (`?tab=`, so a reload or a shared link opens the
 * same one).
 */
export const IntegrationsPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [first] = tabs;
  const current = tabs.find((tab) => tab.value === params.get('tab')) ?? first;
  if (!current) return null;
  const { Panel } = current;
  return (
    <Stack component="section" aria-labelledby="integrations-heading" spacing={3} data-testid="integrations-page">
      <PageTitle title={t('integrations.title')} />
      <PageHeader
        headingId="integrations-heading"
        title={t('integrations.title')}
        subtitle={t('integrations.subtitle')}
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <TabStrip
          value={current.value}
          // Another tab starts clean: the webhooks tab's open log and filter belong to it alone.
          onChange={(value) => setParams(value === first?.value ? {} : { tab: value })}
          aria-label={t('integrations.tabs.label')}
          items={tabs.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
          sx={{ px: 1 }}
        />
      </Paper>
      <Suspense fallback={<ProgressBar aria-label={t('app.loading')} />}>
        <Panel />
      </Suspense>
    </Stack>
  );
};
