import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkItem } from '@orbit/functions/channels/contract';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useReplayJob, useWork } from '../api/channels';
import { formatWhen } from '../utils/format';
import { ReplayIcon } from './icons';

const WorkRow = ({
  item,
  onReplay,
  replaying,
}: {
  readonly item: WorkItem;
  readonly onReplay?: () => void;
  readonly replaying: boolean;
}) => {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      useFlexGap
      data-testid="work-item"
      data-status={item.status}
      sx={{ py: 1.5, px: 2, alignItems: { sm: 'center' }, '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" dir="auto" sx={{ fontWeight: 600 }}>
            {item.label}
          </Typography>
          <Chip
            size="small"
            color={item.status === 'dead' ? 'error' : 'warning'}
            variant="outlined"
            label={item.status === 'dead' ? t('channels.attention.dead') : t('channels.attention.unknown')}
          />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          <bdi>{item.kind}</bdi> · {t('channels.attention.attempts', { count: item.attempts })} ·{' '}
          {formatWhen(item.updatedAt, i18n.language)}
        </Typography>
        {item.lastError ? (
          <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }}>
            {item.lastError}
          </Typography>
        ) : null}
        {item.status === 'unknown' ? (
          <Typography variant="caption" color="text.secondary">
            {t('channels.attention.unknownHint')}
          </Typography>
        ) : null}
      </Stack>
      {onReplay ? (
        <Button
          variant="outlined"
          size="small"
          startIcon={<ReplayIcon fontSize="small" />}
          onClick={onReplay}
          disabled={replaying}
          aria-label={t('channels.attention.replayLabel', { label: item.label })}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
        >
          {t('channels.attention.replay')}
        </Button>
      ) : null}
    </Stack>
  );
};

/**
 * Background work that gave up (dead) or whose outcome is unknown (it may have gone out): someone
 * who may change channels (`update Channel`) looks and replays it; nothing here is retried by itself.
 */
export const NeedsAttention = ({
  onReplayed,
  onFailed,
}: {
  readonly onReplayed: (item: WorkItem) => void;
  readonly onFailed: () => void;
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  const work = useWork();
  const replay = useReplayJob();
  const items = work.data?.items ?? [];
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5} data-testid="needs-attention">
      <div>
        <Typography id={headingId} variant="h6" component="h2">
          {t('channels.attention.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('channels.attention.description')}
        </Typography>
      </div>
      {work.isError ? (
        <LoadFailedAlert actionLabel={t('channels.list.retry')} onAction={() => void work.refetch()}>
          {t('channels.attention.loadFailed')}
        </LoadFailedAlert>
      ) : work.data === undefined ? (
        <div aria-busy="true">
          <SkeletonBlock height={64} />
        </div>
      ) : items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('channels.attention.none')}
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <WorkRow
              key={item.id}
              item={item}
              replaying={replay.isPending && replay.variables.id === item.id}
              onReplay={() => replay.mutate({ id: item.id }, { onSuccess: () => onReplayed(item), onError: onFailed })}
            />
          ))}
        </Paper>
      )}
    </Stack>
  );
};
