import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionSummary } from '@orbit/functions/plans/contract';
import { isApiError } from '../../../shared/api/api-error';
import { ConflictAlert, LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useCatalogue, useSetSubscription } from '../api/plans';
import { formatBillingDay, textIn } from '../utils/billing-format';
import { PlanIntervalFields } from './plan-interval-fields';

type Interval = SubscriptionSummary['interval'];
type Problem = 'conflict' | 'ended' | 'failed' | 'network';

/**
 * An admin changes a client's plan or interval from the version read (docs/plans.md,
 * "Subscriptions"): another plan is prorated today; another interval waits for the period's end.
 * Only plans in the subscription's currency are offered (the next invoice is in one currency), and
 * archived ones only when they are the client's own. `row` is the row as the list has it now: after
 * a 409, reloading the list brings the current version.
 */
export const SubscriptionChangeDialog = ({
  row,
  onClose,
  onChanged,
  onReload,
}: {
  readonly row: SubscriptionSummary;
  readonly onClose: () => void;
  readonly onChanged: () => void;
  readonly onReload: () => Promise<unknown>;
}) => {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue();
  const save = useSetSubscription();
  const [planId, setPlanId] = useState(row.planId);
  const [interval, setInterval] = useState<Interval>(row.interval);
  const [planError, setPlanError] = useState<string | null>(null);
  const [intervalError, setIntervalError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [unchanged, setUnchanged] = useState(false);

  const plans = catalogue.data?.plans ?? [];
  const current = plans.find((plan) => plan.id === row.planId);
  const choices = current
    ? plans.filter((plan) => plan.id === row.planId || (!plan.archived && plan.currency === current.currency))
    : [];
  const lower = (value: Interval) =>
    t(value === 'year' ? 'plans.subscription.yearlyLower' : 'plans.subscription.monthlyLower');
  const periodEnd = formatBillingDay(row.currentPeriodEnd, i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setPlanError(null);
    setIntervalError(null);
    // The same plan and interval again only clears a scheduled change; with none, there is nothing to send.
    if (planId === row.planId && interval === row.interval && !row.scheduledChange) {
      setUnchanged(true);
      return;
    }
    setUnchanged(false);
    save.mutate(
      { clientId: row.clientId, body: { planId, interval, version: row.version } },
      {
        onSuccess: onChanged,
        onError: (error) => {
          if (!isApiError(error)) {
            setProblem('failed');
            return;
          }
          if (error.status === 409) setProblem(error.fieldError('status') ? 'ended' : 'conflict');
          else if (error.status === 400 && (error.fieldError('planId') || error.fieldError('interval'))) {
            if (error.fieldError('planId')) setPlanError(t('plans.subscription.change.badPlan'));
            if (error.fieldError('interval')) setIntervalError(t('plans.subscription.change.badInterval'));
          } else if (error.status === 400 && error.fieldError('version')) setProblem('conflict');
          else setProblem(error.code === 'network' ? 'network' : 'failed');
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby="subscription-change-title"
      fullWidth
      maxWidth="sm"
      data-testid="subscription-change-dialog"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="subscription-change-title">
          {t('plans.subscription.change.title', { client: row.clientName })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <Typography color="text.secondary">
              {t('plans.subscription.change.current', {
                plan: textIn(row.planName, i18n.language),
                interval: lower(row.interval),
              })}
            </Typography>
            {problem === 'conflict' ? (
              <ConflictAlert
                actionLabel={t('plans.subscription.reload')}
                onAction={() => void onReload().then(() => setProblem(null))}
              >
                {t('plans.common.conflict')}
              </ConflictAlert>
            ) : problem ? (
              <InlineAlert severity="error">
                {problem === 'ended'
                  ? t('plans.subscription.change.ended')
                  : problem === 'network'
                    ? t('plans.common.network')
                    : t('plans.common.failed')}
              </InlineAlert>
            ) : null}
            {catalogue.isError ? (
              <LoadFailedAlert actionLabel={t('plans.common.retry')} onAction={() => void catalogue.refetch()}>
                {t('plans.common.loadFailed')}
              </LoadFailedAlert>
            ) : !catalogue.data ? (
              <SkeletonBlock height={120} />
            ) : (
              <PlanIntervalFields
                plans={choices}
                planId={planId}
                onPlanChange={(next) => {
                  setPlanId(next);
                  setPlanError(null);
                  setUnchanged(false);
                }}
                planError={planError}
                planHint={
                  current ? t('plans.subscription.change.currencyRule', { currency: current.currency }) : undefined
                }
                interval={interval}
                onIntervalChange={(next) => {
                  setInterval(next);
                  setIntervalError(null);
                  setUnchanged(false);
                }}
                intervalError={intervalError}
                testIdPrefix="subscription-change"
              />
            )}
            <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
              <Typography component="li" variant="body2" color="text.secondary">
                {t('plans.subscription.change.planRule')}
              </Typography>
              <Typography component="li" variant="body2" color="text.secondary">
                {t('plans.subscription.change.intervalRule', { date: periodEnd })}
              </Typography>
            </Box>
            {unchanged ? <InlineAlert severity="info">{t('plans.subscription.change.unchanged')}</InlineAlert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('plans.common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending || !catalogue.data}
            data-testid="subscription-change-save"
          >
            {save.isPending ? t('plans.subscription.change.saving') : t('plans.subscription.change.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
