import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { Mailing, MailingTotals } from './api/mailing-types';
import { useDeleteMailing, useMailing, useMailingStats, useTransitionMailing } from './api/mailings';
import { actionsFor, totalsBreakdown, transitionTarget, type MailingAction } from './components/mailing-helpers';
import { RecipientsTable } from './components/recipients-table';
import { SendsChart } from './components/sends-chart';
import { StateChip } from './components/state-chip';
import { isApiError } from '../../shared/api/api-error';
import { LoadFailedAlert } from '../../shared/ui/action-alerts';
import { InlineAlert } from '../../shared/ui/inline-alert';
import { PageTitle } from '../../shared/ui/page-title';
import { SkeletonBlock } from '../../shared/ui/skeleton-block';

const Totals = ({ totals }: { readonly totals: Readonly<Partial<Record<keyof MailingTotals, number>>> }) => {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { parts, other, recipients, replies } = totalsBreakdown(totals);
  const cell = (key: string, label: string, count: number) => (
    <Box key={key} data-testid={`mailing-total-${key}`} data-count={count}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="h5" component="dd" sx={{ m: 0, order: -1 }}>
        {number.format(count)}
      </Typography>
    </Box>
  );
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(8, 1fr)' },
        gap: 2,
        m: 0,
        '& > div': { display: 'flex', flexDirection: 'column' },
      }}
    >
      {cell('recipients', t('mailings.detail.recipients'), recipients)}
      {parts.map((part) => cell(part.status, t(`mailings.statuses.${part.status}`), part.count))}
      {other > 0 ? cell('other', t('mailings.detail.other'), other) : null}
      {cell('replies', t('mailings.detail.replies'), replies)}
    </Box>
  );
};

const ActionBar = ({ mailing }: { readonly mailing: Mailing }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const transition = useTransitionMailing();
  const remove = useDeleteMailing();
  const [asking, setAsking] = useState<MailingAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: MailingAction) => {
    setAsking(null);
    setFailure(null);
    try {
      if (action === 'delete') {
        await remove.mutateAsync(mailing.id);
        void navigate('/apps/mailings', { replace: true });
      } else if (action !== 'edit') {
        await transition.mutateAsync({ id: mailing.id, to: transitionTarget[action], version: mailing.version });
      }
    } catch (error) {
      setFailure(
        isApiError(error) && error.status === 409
          ? t('mailings.detail.stale')
          : t('mailings.detail.failed', {
              reason: (isApiError(error) ? Object.values(error.errors)[0]?.[0] : undefined) ?? String(error),
            }),
      );
    }
  };
  const actions = actionsFor(mailing.state);
  if (actions.length === 0) return null;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions.map((action) =>
          action === 'edit' ? (
            <Button key={action} variant="contained" component={RouterLink} to={`/apps/mailings/${mailing.id}/edit`}>
              {t('mailings.detail.actions.edit')}
            </Button>
          ) : (
            <Button
              key={action}
              variant="outlined"
              color={action === 'cancel' || action === 'delete' ? 'error' : 'primary'}
              onClick={() => setAsking(action)}
              disabled={transition.isPending || remove.isPending}
              data-testid={`mailing-action-${action}`}
            >
              {t(`mailings.detail.actions.${action}`)}
            </Button>
          ),
        )}
      </Stack>
      {failure ? <InlineAlert severity="error">{failure}</InlineAlert> : null}
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="mailing-confirm-title">
        <DialogTitle id="mailing-confirm-title">{t('mailings.detail.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {asking && asking !== 'edit' ? t(`mailings.detail.confirm.${asking}`) : null}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t('mailings.detail.confirmNo')}</Button>
          <Button
            variant="contained"
            onClick={() => asking && void run(asking)}
            data-testid="mailing-confirm-yes"
            autoFocus
          >
            {t('mailings.detail.confirmYes')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/**
 * /apps/mailings/:id: a mailing's state with what it allows (unschedule, pause, resume, cancel,
 * each confirmed), totals that add up to the recipients, sends per minute, and each recipient's
 * status. While it is scheduled or sending the page asks again every few seconds.
 */
export const MailingDetailPage = () => {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useMailing(id, true);
  const mailing = query.data?.mailing;
  const live = mailing?.state === 'sending' || mailing?.state === 'scheduled';
  const stats = useMailingStats(id, mailing?.state, live);
  const totals = stats.data?.totals ?? mailing?.totals;
  return (
    <Stack component="section" aria-labelledby="mailing-heading" spacing={3} data-testid="mailing-detail">
      <PageTitle title={mailing?.name ?? t('mailings.title')} />
      <Link component={RouterLink} to="/apps/mailings">
        {t('mailings.detail.back')}
      </Link>
      {query.isError ? (
        <>
          {/* The page keeps its heading when the mailing cannot be shown (gone, or not loaded). */}
          <Typography id="mailing-heading" variant="h4" component="h1">
            {t('mailings.title')}
          </Typography>
          <LoadFailedAlert actionLabel={t('mailings.detail.retry')} onAction={() => void query.refetch()}>
            {t('mailings.detail.loadFailed')}
          </LoadFailedAlert>
        </>
      ) : !mailing ? (
        <SkeletonBlock height={400} />
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography id="mailing-heading" variant="h4" component="h1">
              {mailing.name}
            </Typography>
            <StateChip state={mailing.state} />
            {live ? (
              <Typography variant="caption" color="text.secondary" role="status">
                {t('mailings.detail.live')}
              </Typography>
            ) : null}
          </Stack>
          {mailing.schedule ? (
            <Typography color="text.secondary" data-testid="mailing-schedule-info">
              {t('mailings.detail.scheduledFor', {
                when: new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  timeZone: mailing.schedule.timeZone,
                }).format(new Date(mailing.schedule.at)),
                timeZone: mailing.schedule.timeZone,
              })}
            </Typography>
          ) : null}
          <ActionBar mailing={mailing} />
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('mailings.detail.totals')}
            </Typography>
            {totals ? <Totals totals={totals} /> : null}
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('mailings.detail.chart')}
            </Typography>
            <SendsChart buckets={stats.data?.perMinute ?? []} />
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('mailings.detail.recipients')}
            </Typography>
            {/* Keyed by state: a move (to sent) starts again on the first page, read afresh. */}
            <RecipientsTable key={mailing.state} mailingId={mailing.id} state={mailing.state} live={live} />
          </Paper>
        </>
      )}
    </Stack>
  );
};
