import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanView, SubscriptionView } from '@orbit/functions/plans/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/i18n/money-format';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { plansKey, useRequestChange } from '../api/plans';
import { formatBillingDay, textIn } from '../utils/billing-format';
import { priceOf, type Interval } from '../utils/pricing-format';

/**
 * Asking for a plan confirms first and says what approval will do (docs/plans.md,
 * "Subscriptions"): the same interval is a plan change prorated to the day at once; another
 * interval waits for the period's end.
 */
export const PricingRequestDialog = ({
  plan,
  interval,
  subscription,
  pendingLabel,
  onClose,
  onSent,
}: {
  readonly plan: PlanView;
  readonly interval: Interval;
  readonly subscription: SubscriptionView;
  /** The plan and interval of a request waiting for approval ("Growth, yearly"), which this one replaces. */
  readonly pendingLabel: string | null;
  readonly onClose: () => void;
  readonly onSent: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const request = useRequestChange();
  const [error, setError] = useState<string | null>(null);
  const name = textIn(plan.name, language);
  const price = formatMoney(priceOf(plan, interval), plan.currency, language);

  const send = () => {
    setError(null);
    request.mutate(
      { clientId: subscription.clientId, body: { planId: plan.id, interval } },
      {
        onSuccess: onSent,
        onError: (failure) => {
          if (!isApiError(failure)) {
            setError(t('plans.common.failed'));
            return;
          }
          if (failure.status === 400 && failure.fieldError('planId')) {
            // Hidden or archived meanwhile: the catalogue shows what is on offer now.
            void queryClient.invalidateQueries({ queryKey: plansKey });
            setError(t('plans.pricing.request.unavailable'));
          } else if (failure.status === 409) {
            void queryClient.invalidateQueries({ queryKey: plansKey });
            setError(failure.fieldError('status') ? t('plans.pricing.client.ended') : t('plans.common.conflict'));
          } else setError(failure.code === 'network' ? t('plans.common.network') : t('plans.common.failed'));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={request.isPending ? undefined : onClose}
      aria-labelledby="pricing-request-title"
      aria-describedby="pricing-request-body"
      fullWidth
      maxWidth="sm"
      data-testid="pricing-request-dialog"
    >
      <DialogTitle id="pricing-request-title">{t('plans.pricing.request.title', { plan: name })}</DialogTitle>
      <DialogContent>
        <Box id="pricing-request-body" sx={{ display: 'grid', gap: 1.5 }}>
          <DialogContentText>
            {interval === 'month'
              ? t('plans.pricing.request.bodyMonth', { plan: name, price })
              : t('plans.pricing.request.bodyYear', { plan: name, price })}
          </DialogContentText>
          <DialogContentText>
            {interval === subscription.interval
              ? t('plans.pricing.request.prorated', {
                  current: textIn(subscription.plan.name, language),
                  plan: name,
                })
              : t('plans.pricing.request.atPeriodEnd', {
                  date: formatBillingDay(subscription.currentPeriodEnd, language),
                })}
          </DialogContentText>
          {pendingLabel ? (
            <DialogContentText>{t('plans.pricing.request.replaces', { plan: pendingLabel })}</DialogContentText>
          ) : null}
        </Box>
        {error ? (
          <Box sx={{ mt: 2 }}>
            <InlineAlert severity="error">{error}</InlineAlert>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={request.isPending}>
          {t('plans.common.cancel')}
        </Button>
        <Button variant="contained" disabled={request.isPending} onClick={send} data-testid="pricing-request-confirm">
          {request.isPending ? t('plans.pricing.request.sending') : t('plans.pricing.request.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
