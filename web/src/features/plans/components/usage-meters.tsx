import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SubscriptionUsage, UsageMeter } from '@orbit/functions/plans/contract';
import { Tag } from '../../../shared/ui/tag';
import { formatBytes } from '../utils/bytes-format';
import { meterLevel, meterPercent, type MeterLevel } from '../utils/usage-meter';

const barColors = { unlimited: 'primary', ok: 'primary', near: 'warning', full: 'error' } as const satisfies Record<
  MeterLevel,
  'primary' | 'warning' | 'error'
>;

const Meter = ({
  id,
  label,
  hint,
  value,
  fullHint,
  level,
  percent,
}: {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
  /** "2 of 3 active projects", "900 MB of 1 GB": what the bar says, in words. */
  readonly value: string;
  readonly fullHint: string;
  readonly level: MeterLevel;
  readonly percent: number;
}) => {
  const { t } = useTranslation();
  return (
    <Box data-testid={`usage-${id}`} data-level={level}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 0.5 }}>
        <Typography id={`usage-${id}-label`} sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        {level === 'unlimited' ? (
          <Tag label={t('plans.common.noLimit')} color="info" variant="outlined" />
        ) : level === 'near' || level === 'full' ? (
          <Tag
            label={t(`plans.subscription.usage.${level}`)}
            color={level === 'full' ? 'error' : 'warning'}
            variant="outlined"
            data-testid={`usage-${id}-level`}
          />
        ) : null}
      </Stack>
      <Typography variant="body2" data-testid={`usage-${id}-value`}>
        {value}
      </Typography>
      {level === 'unlimited' ? null : (
        <LinearProgress
          variant="determinate"
          value={percent}
          color={barColors[level]}
          aria-labelledby={`usage-${id}-label`}
          aria-valuetext={value}
          sx={{ height: 8, borderRadius: 4, my: 1 }}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {level === 'full' ? fullHint : hint}
      </Typography>
    </Box>
  );
};

/** What the client uses against their plan's limits (docs/plans.md, "Limits"): active projects and storage. */
export const UsageMeters = ({ usage }: { readonly usage: SubscriptionUsage }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  const projects: UsageMeter = usage.activeProjects;
  const storage: UsageMeter = usage.storageBytes;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 3 }}>
      <Meter
        id="projects"
        label={t('plans.subscription.usage.activeProjects')}
        hint={t('plans.subscription.usage.projectsHint')}
        fullHint={t('plans.subscription.usage.projectsFull')}
        level={meterLevel(projects)}
        percent={meterPercent(projects)}
        value={
          projects.limit === null
            ? t('plans.subscription.usage.projectsUsed', { count: projects.used, used: number.format(projects.used) })
            : t('plans.subscription.usage.projectsOf', {
                count: projects.limit,
                used: number.format(projects.used),
                limit: number.format(projects.limit),
              })
        }
      />
      <Meter
        id="storage"
        label={t('plans.subscription.usage.storage')}
        hint={t('plans.subscription.usage.storageHint')}
        fullHint={t('plans.subscription.usage.storageFull')}
        level={meterLevel(storage)}
        percent={meterPercent(storage)}
        value={
          storage.limit === null
            ? t('plans.subscription.usage.storageUsed', { used: formatBytes(storage.used, language) })
            : t('plans.subscription.usage.storageOf', {
                used: formatBytes(storage.used, language),
                limit: formatBytes(storage.limit, language),
              })
        }
      />
    </Box>
  );
};
