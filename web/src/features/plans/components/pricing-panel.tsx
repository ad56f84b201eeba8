import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanView, SubscriptionView } from '@orbit/functions/plans/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatDay } from '../../../shared/i18n/money-format';
import { useAppAbility, useSession } from '../../../shared/session/use-session';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { EmptyState } from '../../../shared/ui/empty-state';
import { AddIcon, EditIcon } from '../../../shared/ui/icons';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { NoticeSnackbar, type Notice } from '../../../shared/ui/notice-snackbar';
import { SegmentedControl } from '../../../shared/ui/segmented-control';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { Tag } from '../../../shared/ui/tag';
import { plansKey, useCatalogue, useDropChangeRequest, useSubscription } from '../api/plans';
import { formatBillingDay, textIn } from '../utils/billing-format';
import type { Interval } from '../utils/pricing-format';
import type { PlanFormMode } from './plan-form-dialog';
import { PricingCard } from './pricing-card';
import { PricingRequestDialog } from './pricing-request-dialog';

// The admins' form (and its form library) loads when first opened: clients never open it.
const PlanFormDialog = lazy(async () => ({ default: (await import('./plan-form-dialog')).PlanFormDialog }));

const cardGrid = {
  display: 'grid',
  gap: 3,
  // As many columns as fit at 280 px or more: one on a phone, three on a laptop.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
  alignItems: 'stretch',
} as const;

/** What the signed-in client is on, as the pricing page needs it. */
type ClientState =
  | { readonly kind: 'none' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'noSubscription' }
  | { readonly kind: 'ended' }
  | { readonly kind: 'active'; readonly subscription: SubscriptionView };

const useClientState = (isClient: boolean, userId: string) => {
  const subscription = useSubscription(userId, isClient && userId !== '');
  let state: ClientState;
  if (!isClient) state = { kind: 'none' };
  else if (subscription.data) {
    state =
      subscription.data.subscription.status === 'active'
        ? { kind: 'active', subscription: subscription.data.subscription }
        : { kind: 'ended' };
  } else if (subscription.isError) {
    state =
      isApiError(subscription.error) && subscription.error.status === 404
        ? { kind: 'noSubscription' }
        : { kind: 'failed' };
  } else state = { kind: 'loading' };
  return { state, retry: () => void subscription.refetch() };
};

/**
 * The "Plans" tab (docs/plans.md, "Catalogue", "Subscriptions"): the catalogue as pricing cards
 * with a monthly/yearly switch and the yearly saving. A client sees their plan marked and asks
 * for another (an administrator approves), or withdraws the request; admins see every plan,
 * hidden and archived ones too, and create and edit them.
 */
export const PricingPanel = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const ability = useAppAbility();
  const session = useSession();
  const queryClient = useQueryClient();
  const isClient = session.userData?.role === 'client';
  const catalogue = useCatalogue();
  const client = useClientState(isClient, session.userData?.id ?? '');
  const withdraw = useDropChangeRequest();
  const canEdit = ability.can('update', 'Plan');
  const canCreate = ability.can('create', 'Plan');
  const [chosenInterval, setChosenInterval] = useState<Interval | null>(null);
  const [requesting, setRequesting] = useState<PlanView | null>(null);
  const [form, setForm] = useState<PlanFormMode | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const subscription = client.state.kind === 'active' ? client.state.subscription : null;
  // A yearly subscriber lands on yearly prices, until they switch.
  const interval: Interval = chosenInterval ?? subscription?.interval ?? 'month';
  const plans = catalogue.data?.plans ?? [];
  const intervalWord = (value: Interval) => t(`plans.pricing.interval.${value}`);
  const nameOf = (planId: string): string => {
    const plan = plans.find((candidate) => candidate.id === planId);
    return plan
      ? textIn(plan.name, language)
      : subscription?.plan.id === planId
        ? textIn(subscription.plan.name, language)
        : '';
  };
  const request = subscription?.requestedChange ?? null;
  const pendingLabel = request ? `${nameOf(request.planId)}, ${intervalWord(request.interval)}` : null;

  const withdrawRequest = () => {
    if (!subscription) return;
    withdraw.mutate(
      { clientId: subscription.clientId, body: undefined },
      {
        onSuccess: () => setNotice({ severity: 'success', text: t('plans.pricing.client.withdrawn') }),
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            // Approved or declined meanwhile: show where it stands now.
            void queryClient.invalidateQueries({ queryKey: plansKey });
            setNotice({ severity: 'warning', text: t('plans.pricing.client.alreadyAnswered') });
          } else {
            setNotice({
              severity: 'error',
              text:
                isApiError(error) && error.code === 'network' ? t('plans.common.network') : t('plans.common.failed'),
            });
          }
        },
      },
    );
  };

  const tagsOf = (plan: PlanView) => {
    const tags = [];
    if (subscription && subscription.plan.id === plan.id) {
      tags.push(
        <Tag
          key="current"
          color="primary"
          label={t('plans.pricing.card.current', { interval: intervalWord(subscription.interval) })}
          data-testid="pricing-current"
        />,
      );
    }
    if (request && request.planId === plan.id && request.interval === interval) {
      tags.push(
        <Tag
          key="requested"
          color="warning"
          variant="outlined"
          label={t('plans.pricing.card.requested')}
          data-testid="pricing-requested"
        />,
      );
    }
    if (canEdit && !plan.visible) {
      tags.push(
        <Tag key="hidden" variant="outlined" label={t('plans.pricing.card.hidden')} data-testid="pricing-hidden" />,
      );
    }
    if (canEdit && plan.archived) {
      tags.push(
        <Tag
          key="archived"
          color="error"
          variant="outlined"
          label={t('plans.pricing.card.archived')}
          data-testid="pricing-archived"
        />,
      );
    }
    return tags;
  };

  const actionsOf = (plan: PlanView) => {
    const actions = [];
    if (subscription) {
      const isCurrent = subscription.plan.id === plan.id && subscription.interval === interval;
      const isRequested = request?.planId === plan.id && request.interval === interval;
      if (isRequested) {
        actions.push(
          <Button
            key="withdraw"
            variant="outlined"
            color="warning"
            disabled={withdraw.isPending}
            onClick={withdrawRequest}
            data-testid="pricing-withdraw"
          >
            {withdraw.isPending ? t('plans.pricing.client.withdrawing') : t('plans.pricing.card.withdraw')}
          </Button>,
        );
      } else if (plan.currency !== subscription.plan.currency) {
        // Pending lines and the next invoice are in one currency: the server refuses such a change.
        actions.push(
          <Typography key="currency" variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('plans.pricing.card.otherCurrency')}
          </Typography>,
        );
      } else if (!isCurrent) {
        actions.push(
          <Button
            key="request"
            variant={subscription.plan.id === plan.id ? 'outlined' : 'contained'}
            onClick={() => setRequesting(plan)}
            aria-describedby={`pricing-plan-${plan.id}`}
            data-testid="pricing-request"
          >
            {t('plans.pricing.card.request')}
          </Button>,
        );
      }
    }
    if (canEdit) {
      actions.push(
        <Button
          key="edit"
          variant="outlined"
          startIcon={<EditIcon />}
          onClick={() => setForm({ kind: 'edit', plan })}
          aria-describedby={`pricing-plan-${plan.id}`}
          data-testid="pricing-edit"
        >
          {t('plans.pricing.card.edit')}
        </Button>,
      );
    }
    return actions;
  };

  const currentNotOffered =
    subscription && catalogue.data && !plans.some((plan) => plan.id === subscription.plan.id)
      ? subscription.plan
      : null;

  return (
    <Stack spacing={3} component="section" aria-labelledby="pricing-heading" data-testid="pricing-panel">
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 2,
          alignItems: { xs: 'stretch', md: 'flex-end' },
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id="pricing-heading" variant="h5" component="h2" sx={{ fontWeight: 600 }}>
            {t('plans.pricing.heading')}
          </Typography>
          <Typography color="text.secondary">{t('plans.pricing.intro')}</Typography>
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Box data-testid="pricing-interval">
            <SegmentedControl
              label={t('plans.pricing.intervalLabel')}
              value={interval}
              options={[
                { value: 'month', label: t('plans.common.monthly') },
                { value: 'year', label: t('plans.common.yearly') },
              ]}
              onChange={setChosenInterval}
            />
          </Box>
          {canCreate ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() =>
                setForm({ kind: 'create', nextPosition: Math.max(0, ...plans.map((plan) => plan.position)) + 1 })
              }
              data-testid="pricing-new-plan"
            >
              {t('plans.pricing.admin.newPlan')}
            </Button>
          ) : null}
        </Stack>
      </Box>

      {canEdit ? <InlineAlert severity="info">{t('plans.pricing.admin.note')}</InlineAlert> : null}
      {client.state.kind === 'failed' ? (
        <LoadFailedAlert actionLabel={t('plans.common.retry')} onAction={client.retry}>
          {t('plans.common.loadFailed')}
        </LoadFailedAlert>
      ) : client.state.kind === 'noSubscription' ? (
        <InlineAlert severity="info">
          <span data-testid="pricing-no-subscription">{t('plans.pricing.client.noSubscription')}</span>
        </InlineAlert>
      ) : client.state.kind === 'ended' ? (
        <InlineAlert severity="info">{t('plans.pricing.client.ended')}</InlineAlert>
      ) : subscription ? (
        <Stack spacing={1.5}>
          {request ? (
            <InlineAlert
              severity="warning"
              action={
                <Button
                  color="inherit"
                  size="small"
                  disabled={withdraw.isPending}
                  onClick={withdrawRequest}
                  data-testid="pricing-pending-withdraw"
                >
                  {t('plans.pricing.card.withdraw')}
                </Button>
              }
            >
              <span data-testid="pricing-pending">
                {t('plans.pricing.client.pending', {
                  plan: nameOf(request.planId),
                  interval: intervalWord(request.interval),
                  date: formatDay(request.requestedAt, language),
                })}
              </span>
            </InlineAlert>
          ) : null}
          {subscription.scheduledChange ? (
            <InlineAlert severity="info">
              {t('plans.pricing.client.scheduled', {
                date: formatBillingDay(subscription.currentPeriodEnd, language),
                plan: nameOf(subscription.scheduledChange.planId),
                interval: intervalWord(subscription.scheduledChange.interval),
              })}
            </InlineAlert>
          ) : null}
          {currentNotOffered ? (
            <InlineAlert severity="info">
              {t('plans.pricing.client.notOffered', { plan: textIn(currentNotOffered.name, language) })}
            </InlineAlert>
          ) : null}
          <Typography variant="body2" color="text.secondary" data-testid="pricing-how-changes-work">
            {t('plans.pricing.client.howChangesWork')}
          </Typography>
        </Stack>
      ) : null}

      {catalogue.isError ? (
        <LoadFailedAlert actionLabel={t('plans.common.retry')} onAction={() => void catalogue.refetch()}>
          {t('plans.common.loadFailed')}
        </LoadFailedAlert>
      ) : !catalogue.data ? (
        <Box sx={cardGrid} aria-busy="true">
          {[0, 1, 2].map((index) => (
            <SkeletonBlock key={index} height={420} />
          ))}
        </Box>
      ) : plans.length === 0 ? (
        <EmptyState
          title={canCreate ? t('plans.pricing.emptyAdmin') : t('plans.pricing.empty')}
          testId="pricing-empty"
        />
      ) : (
        <Box sx={cardGrid} data-testid="pricing-cards">
          {plans.map((plan) => (
            <PricingCard
              key={plan.id}
              plan={plan}
              interval={interval}
              highlighted={subscription?.plan.id === plan.id}
              tags={tagsOf(plan)}
              actions={actionsOf(plan)}
            />
          ))}
        </Box>
      )}

      {requesting && subscription ? (
        <PricingRequestDialog
          plan={requesting}
          interval={interval}
          subscription={subscription}
          pendingLabel={pendingLabel}
          onClose={() => setRequesting(null)}
          onSent={() => {
            setRequesting(null);
            setNotice({ severity: 'success', text: t('plans.pricing.client.requestSent') });
          }}
        />
      ) : null}
      {form ? (
        <Suspense fallback={null}>
          <PlanFormDialog
            mode={form}
            onClose={() => setForm(null)}
            onSaved={(plan, kind) => {
              setForm(null);
              setNotice({
                severity: plan ? 'success' : 'info',
                text: !plan
                  ? t('plans.pricing.admin.unchanged')
                  : kind === 'create'
                    ? t('plans.pricing.admin.created', { plan: textIn(plan.name, language) })
                    : t('plans.pricing.admin.saved', { plan: textIn(plan.name, language) }),
              });
            }}
          />
        </Suspense>
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};
