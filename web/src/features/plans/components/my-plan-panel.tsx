import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlanView, SubscriptionView } from '@orbit/functions/plans/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/i18n/money-format';
import { useSession } from '../../../shared/session/use-session';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { EmptyState } from '../../../shared/ui/empty-state';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { NoticeSnackbar, type Notice } from '../../../shared/ui/notice-snackbar';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { plansKey, useCancelAtPeriodEnd, useCatalogue, useDropChangeRequest, useSubscription } from '../api/plans';
import { formatBillingDay, formatPeriod, textIn } from '../utils/billing-format';
import { MyPlanCancelDialog } from './my-plan-cancel-dialog';
import { NextInvoice } from './my-plan-next-invoice';
import { subscriptionState, SubscriptionStatusTag } from './subscription-status-tag';
import { UsageMeters } from './usage-meters';

const Section = ({
  id,
  title,
  description,
  children,
  testId,
}: {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly children: ReactNode;
  readonly testId?: string;
}) => (
  <Paper
    variant="outlined"
    component="section"
    aria-labelledby={id}
    sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    data-testid={testId}
  >
    <Typography id={id} variant="h6" component="h2" sx={{ mb: description ? 0.5 : 2 }}>
      {title}
    </Typography>
    {description ? (
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
    ) : null}
    {children}
  </Paper>
);

/** A label and its value, in a definition list. */
const Fact = ({
  label,
  children,
  testId,
}: {
  readonly label: string;
  readonly children: ReactNode;
  readonly testId?: string;
}) => (
  <Box sx={{ m: 0, minWidth: 0 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0 }} data-testid={testId}>
      {children}
    </Typography>
  </Box>
);

/** What went wrong with a client's action, in words: a 409 says what changed meanwhile, and reloads it. */
const useFailureText = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (error: unknown): string => {
    if (!isApiError(error)) return t('plans.common.failed');
    if (error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: plansKey });
      if (error.fieldError('status')) return t('plans.subscription.mine.ended');
      if (error.fieldError('requestedChange')) return t('plans.subscription.mine.noRequest');
      return t('plans.common.conflict');
    }
    return error.code === 'network' ? t('plans.common.network') : t('plans.common.failed');
  };
};

/** A plan's name by id: the subscription's own plan, the next invoice's plan line, else the catalogue. */
const usePlanName = (subscription: SubscriptionView) => {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue();
  return (planId: string): string => {
    if (planId === subscription.plan.id) return textIn(subscription.plan.name, i18n.language);
    const fromInvoice = subscription.nextInvoice?.lines.find((line) => line.planId === planId);
    if (fromInvoice) return textIn(fromInvoice.planName, i18n.language);
    const fromCatalogue: PlanView | undefined = catalogue.data?.plans.find((plan) => plan.id === planId);
    return fromCatalogue ? textIn(fromCatalogue.name, i18n.language) : t('plans.subscription.anotherPlan');
  };
};

const PlanSummary = ({
  subscription,
  onNotice,
}: {
  readonly subscription: SubscriptionView;
  readonly onNotice: (notice: Notice) => void;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const state = subscriptionState(subscription);
  const planName = usePlanName(subscription);
  const failureText = useFailureText();
  const cancel = useCancelAtPeriodEnd();
  const drop = useDropChangeRequest();
  const [confirming, setConfirming] = useState(false);
  const { plan, interval, requestedChange, scheduledChange } = subscription;
  const periodEnd = formatBillingDay(subscription.currentPeriodEnd, language);
  const price = formatMoney(interval === 'year' ? plan.yearlyPrice : plan.monthlyPrice, plan.currency, language);

  const resume = () =>
    cancel.mutate(
      { clientId: subscription.clientId, body: false },
      {
        onSuccess: () =>
          onNotice({ severity: 'success', text: t('plans.subscription.mine.resumedNotice', { date: periodEnd }) }),
        onError: (error) => onNotice({ severity: 'error', text: failureText(error) }),
      },
    );
  const withdraw = () =>
    drop.mutate(
      { clientId: subscription.clientId, body: undefined },
      {
        onSuccess: () => onNotice({ severity: 'success', text: t('plans.subscription.mine.withdrawnNotice') }),
        onError: (error) => onNotice({ severity: 'error', text: failureText(error) }),
      },
    );

  return (
    <Section id="my-plan-heading" title={t('plans.subscription.mine.heading')} testId="my-plan">
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="p" data-testid="my-plan-name">
            {textIn(plan.name, language)}
          </Typography>
          <SubscriptionStatusTag state={state} />
        </Stack>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
            gap: 2,
            m: 0,
          }}
        >
          <Fact label={t('plans.subscription.mine.billing')} testId="my-plan-interval">
            {t(interval === 'year' ? 'plans.common.yearly' : 'plans.common.monthly')}
          </Fact>
          <Fact label={t('plans.subscription.mine.price')} testId="my-plan-price">
            {t(interval === 'year' ? 'plans.common.perYear' : 'plans.common.perMonth', { price })}
          </Fact>
          <Fact label={t('plans.subscription.mine.period')} testId="my-plan-period">
            {formatPeriod(subscription.currentPeriodStart, subscription.currentPeriodEnd, language)}
          </Fact>
          <Fact
            label={t(
              state === 'active'
                ? 'plans.subscription.mine.renewsOn'
                : state === 'cancelling'
                  ? 'plans.subscription.mine.endsOn'
                  : 'plans.subscription.mine.endedOn',
            )}
            testId="my-plan-renews"
          >
            {periodEnd}
          </Fact>
        </Box>

        {state === 'cancelling' ? (
          <InlineAlert severity="warning">
            {t('plans.subscription.mine.cancellingNote', { date: periodEnd })}
          </InlineAlert>
        ) : state === 'canceled' ? (
          <InlineAlert severity="info">{t('plans.subscription.mine.canceledNote')}</InlineAlert>
        ) : null}

        {requestedChange && state !== 'canceled' ? (
          <Box data-testid="my-plan-request">
            <InlineAlert
              severity="info"
              action={
                <Button
                  color="inherit"
                  size="small"
                  disabled={drop.isPending}
                  onClick={withdraw}
                  data-testid="my-plan-withdraw"
                >
                  {drop.isPending ? t('plans.subscription.mine.withdrawing') : t('plans.subscription.mine.withdraw')}
                </Button>
              }
            >
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {t(`plans.subscription.mine.requested.${requestedChange.interval}`, {
                  plan: planName(requestedChange.planId),
                })}
              </Typography>
              <Typography variant="body2">
                {t('plans.subscription.mine.requestedOn', {
                  date: formatBillingDay(requestedChange.requestedAt, language),
                })}
              </Typography>
            </InlineAlert>
          </Box>
        ) : null}

        {scheduledChange && state !== 'canceled' ? (
          <Box data-testid="my-plan-scheduled">
            <InlineAlert severity="info">
              {scheduledChange.planId === plan.id
                ? t(`plans.subscription.mine.scheduledInterval.${scheduledChange.interval}`, { date: periodEnd })
                : t(`plans.subscription.mine.scheduledPlan.${scheduledChange.interval}`, {
                    plan: planName(scheduledChange.planId),
                    date: periodEnd,
                  })}
            </InlineAlert>
          </Box>
        ) : null}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Button component={Link} to="?tab=pricing" variant="contained" data-testid="my-plan-change">
            {t('plans.subscription.mine.changePlan')}
          </Button>
          {state === 'active' ? (
            <Button variant="outlined" color="error" onClick={() => setConfirming(true)} data-testid="my-plan-cancel">
              {t('plans.subscription.mine.cancel')}
            </Button>
          ) : state === 'cancelling' ? (
            <Button variant="outlined" disabled={cancel.isPending} onClick={resume} data-testid="my-plan-resume">
              {cancel.isPending ? t('plans.subscription.mine.resuming') : t('plans.subscription.mine.resume')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {confirming ? (
        <MyPlanCancelDialog
          subscription={subscription}
          onClose={() => setConfirming(false)}
          onCancelled={() => {
            setConfirming(false);
            onNotice({ severity: 'success', text: t('plans.subscription.mine.cancelledNotice', { date: periodEnd }) });
          }}
          failureText={failureText}
        />
      ) : null}
    </Section>
  );
};

const SubscriptionDetails = ({ subscription }: { readonly subscription: SubscriptionView }) => {
  const { t, i18n } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const state = subscriptionState(subscription);
  return (
    <Stack spacing={3}>
      <PlanSummary subscription={subscription} onNotice={setNotice} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '2fr 3fr' }, gap: 3 }}>
        <Section
          id="my-usage-heading"
          title={t('plans.subscription.usage.heading')}
          description={t('plans.subscription.usage.description')}
          testId="my-usage"
        >
          <UsageMeters usage={subscription.usage} />
        </Section>
        <Section id="my-next-invoice-heading" title={t('plans.subscription.next.heading')} testId="my-next-invoice">
          {subscription.nextInvoice ? (
            <NextInvoice preview={subscription.nextInvoice} />
          ) : (
            <Typography color="text.secondary" data-testid="next-invoice-none">
              {state === 'cancelling'
                ? t('plans.subscription.next.none', {
                    date: formatBillingDay(subscription.currentPeriodEnd, i18n.language),
                  })
                : t('plans.subscription.next.noneCanceled')}
            </Typography>
          )}
        </Section>
      </Box>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};

/**
 * The client's own subscription (docs/plans.md, "Subscriptions"): the plan, its period and
 * status, a pending request or scheduled change, usage against the plan's limits and the next
 * invoice; cancelling at the period's end (or keeping the plan after all). A client without a
 * subscription (404) is told an administrator sets it up.
 */
export const MyPlanPanel = () => {
  const { t } = useTranslation();
  const clientId = useSession().userData?.id ?? '';
  const subscription = useSubscription(clientId, clientId !== '');
  if (subscription.isError) {
    if (isApiError(subscription.error) && subscription.error.status === 404) {
      return (
        <EmptyState
          testId="my-plan-empty"
          title={t('plans.subscription.empty.title')}
          description={t('plans.subscription.empty.description')}
          action={
            <Button component={Link} to="?tab=pricing" variant="outlined">
              {t('plans.subscription.empty.browse')}
            </Button>
          }
        />
      );
    }
    return (
      <LoadFailedAlert actionLabel={t('plans.common.retry')} onAction={() => void subscription.refetch()}>
        {t('plans.common.loadFailed')}
      </LoadFailedAlert>
    );
  }
  if (!subscription.data) return <SkeletonBlock height={320} />;
  return <SubscriptionDetails subscription={subscription.data.subscription} />;
};
