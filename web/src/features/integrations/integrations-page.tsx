import type { ParseKeys } from 'i18next';
import { lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { TabbedPage } from '../../shared/ui/tabbed-page';

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
  return (
    <TabbedPage
      id="integrations"
      title={t('integrations.title')}
      subtitle={t('integrations.subtitle')}
      tabsLabel={t('integrations.tabs.label')}
      tabs={tabs.map((tab) => ({ value: tab.value, label: t(tab.label), Panel: tab.Panel }))}
    />
  );
};
