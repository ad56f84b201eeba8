import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';
import { ProgressBar } from './progress-bar';
import { TabStrip } from './tab-strip';

export interface PageTab {
  /** The tab's `?tab=` value. */
  readonly value: string;
  /** The tab's label, translated. */
  readonly label: string;
  /** The tab's panel; a lazy one is downloaded when the tab is first shown. */
  readonly Panel: ComponentType;
}

/**
 * A page of tabs, one panel shown at a time. The open tab is `?tab=` in the address, so a reload
 * or a shared link opens the same one; the first tab is the default and has no `?tab=`. Choosing
 * another tab starts it clean: the other parameters belong to the tab that set them. `impliedTab`
 * is the tab to open when the address names none but says which one it means (an invoice's id
 * means the invoices tab). The strip is left out when only one tab is there to choose.
 */
export const TabbedPage = ({
  id,
  title,
  subtitle,
  tabsLabel,
  tabs,
  impliedTab,
}: {
  /** Names the page's section (`<id>-page` for tests) and its heading (`<id>-heading`). */
  readonly id: string;
  readonly title: string;
  readonly subtitle: string;
  readonly tabsLabel: string;
  readonly tabs: readonly PageTab[];
  readonly impliedTab?: string | null;
}) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [first] = tabs;
  const asked = params.get('tab') ?? impliedTab;
  const current = tabs.find((tab) => tab.value === asked) ?? first;
  if (!current) return null;
  const { Panel } = current;
  return (
    <Stack component="section" aria-labelledby={`${id}-heading`} spacing={3} data-testid={`${id}-page`}>
      <PageTitle title={title} />
      <PageHeader headingId={`${id}-heading`} title={title} subtitle={subtitle} />
      {tabs.length > 1 ? (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <TabStrip
            value={current.value}
            onChange={(value) => setParams(value === first?.value ? {} : { tab: value })}
            aria-label={tabsLabel}
            items={tabs.map((tab) => ({ value: tab.value, label: tab.label }))}
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
