import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionSummary } from '@orbit/functions/plans/contract';
import { isApiError } from '../../../shared/api/api-error';
import { useAppAbility } from '../../../shared/session/use-session';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { AddIcon } from '../../../shared/ui/icons';
import { NoticeSnackbar, type Notice } from '../../../shared/ui/notice-snackbar';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useApproveChangeRequest, useCatalogue, useDropChangeRequest, useSubscriptions } from '../api/plans';
import { textIn } from '../utils/billing-format';
import { SubscriptionChangeDialog } from './subscription-change-dialog';
import { SubscriptionSubscribeDialog } from './subscription-subscribe-dialog';
import { SubscriptionTable } from './subscription-table';

/**
 * Every client's subscription (admins; docs/plans.md, "Subscriptions"), a page at a time: approve
 * or decline a client's request, change a plan directly, subscribe a client, and go to a
 * client's invoices.
 */
export const SubscriptionsPanel = () => {
  const { t, i18n } = useTranslation();
  const ability = useAppAbility();
  const canUpdate = ability.can('update', 'Subscription');
  const canSubscribe = canUpdate && ability.can('read', 'Team');
  const pages = useSubscriptions();
  const catalogue = useCatalogue();
  const approve = useApproveChangeRequest();
  const decline = useDropChangeRequest();
  const [changing, setChanging] = useState<string | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const rows = pages.data?.pages.flatMap((page) => page.subscriptions) ?? [];
  const changingRow = rows.find((row) => row.clientId === changing);
  const busyClientId = approve.isPending
    ? (approve.variables.clientId ?? null)
    : decline.isPending
      ? (decline.variables.clientId ?? null)
      : null;

  const planName = (planId: string): string => {
    const plan = catalogue.data?.plans.find((candidate) => candidate.id === planId);
    if (plan) return textIn(plan.name, i18n.language);
    const row = rows.find((candidate) => candidate.planId === planId);
    return row ? textIn(row.planName, i18n.language) : t('plans.subscription.anotherPlan');
  };

  const failed = (error: unknown) => {
    let text = t('plans.common.failed');
    if (isApiError(error)) {
      if (error.status === 409) {
        text = error.fieldError('status')
          ? t('plans.subscription.change.ended')
          : error.fieldError('requestedChange')
            ? t('plans.subscription.admin.noRequest')
            : t('plans.common.conflict');
        // The list shows what is true now.
        void pages.refetch();
      } else if (error.code === 'network') text = t('plans.common.network');
    }
    setNotice({ severity: 'error', text });
  };

  const onApprove = (row: SubscriptionSummary) =>
    approve.mutate(
      { clientId: row.clientId, body: undefined },
      {
        onSuccess: () =>
          setNotice({ severity: 'success', text: t('plans.subscription.admin.approved', { client: row.clientName }) }),
        onError: failed,
      },
    );
  const onDecline = (row: SubscriptionSummary) =>
    decline.mutate(
      { clientId: row.clientId, body: undefined },
      {
        onSuccess: () =>
          setNotice({ severity: 'success', text: t('plans.subscription.admin.declined', { client: row.clientName }) }),
        onError: failed,
      },
    );

  return (
    <Paper variant="outlined" component="section" aria-labelledby="subscriptions-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
      >
        <div>
          <Typography id="subscriptions-heading" variant="h6" component="h2">
            {t('plans.subscription.admin.heading')}
          </Typography>
          <Typography color="text.secondary">{t('plans.subscription.admin.description')}</Typography>
        </div>
        {canSubscribe ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setSubscribing(true)}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
            data-testid="subscribe-open"
          >
            {t('plans.subscription.admin.subscribe')}
          </Button>
        ) : null}
      </Stack>
      {pages.isError ? (
        <LoadFailedAlert actionLabel={t('plans.common.retry')} onAction={() => void pages.refetch()}>
          {t('plans.common.loadFailed')}
        </LoadFailedAlert>
      ) : !pages.data ? (
        <SkeletonBlock height={240} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="subscriptions-empty">
          {t('plans.subscription.admin.empty')}
        </Typography>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <SubscriptionTable
            rows={rows}
            planName={planName}
            actions={{
              canUpdate,
              busyClientId,
              onApprove,
              onDecline,
              onChange: (row) => setChanging(row.clientId),
            }}
          />
          {pages.hasNextPage ? (
            <Button variant="outlined" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              {t('plans.common.loadMore')}
            </Button>
          ) : null}
        </Stack>
      )}
      {changingRow ? (
        <SubscriptionChangeDialog
          key={changingRow.clientId}
          row={changingRow}
          onClose={() => setChanging(null)}
          onReload={() => pages.refetch()}
          onChanged={() => {
            setChanging(null);
            setNotice({
              severity: 'success',
              text: t('plans.subscription.admin.changed', { client: changingRow.clientName }),
            });
          }}
        />
      ) : null}
      {subscribing ? (
        <SubscriptionSubscribeDialog
          onClose={() => setSubscribing(false)}
          onSubscribed={() => {
            setSubscribing(false);
            setNotice({ severity: 'success', text: t('plans.subscription.subscribe.subscribed') });
          }}
        />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Paper>
  );
};
