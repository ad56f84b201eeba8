import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '@orbit/functions/plans/contract';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { useCancelAtPeriodEnd } from '../api/plans';
import { formatBillingDay } from '../utils/billing-format';

/** Cancelling asks first: the plan stays until the period's end, then no further invoice comes. */
export const MyPlanCancelDialog = ({
  subscription,
  onClose,
  onCancelled,
  failureText,
}: {
  readonly subscription: SubscriptionView;
  readonly onClose: () => void;
  readonly onCancelled: () => void;
  readonly failureText: (error: unknown) => string;
}) => {
  const { t, i18n } = useTranslation();
  const cancel = useCancelAtPeriodEnd();
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open
      onClose={cancel.isPending ? undefined : onClose}
      aria-labelledby="my-plan-cancel-title"
      aria-describedby="my-plan-cancel-body"
      fullWidth
      maxWidth="sm"
      data-testid="my-plan-cancel-dialog"
    >
      <DialogTitle id="my-plan-cancel-title">{t('plans.subscription.mine.cancelTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="my-plan-cancel-body">
          {t('plans.subscription.mine.cancelBody', {
            date: formatBillingDay(subscription.currentPeriodEnd, i18n.language),
          })}
        </DialogContentText>
        {error ? (
          <Box sx={{ mt: 2 }}>
            <InlineAlert severity="error">{error}</InlineAlert>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={cancel.isPending}>
          {t('plans.subscription.mine.notNow')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={cancel.isPending}
          data-testid="my-plan-cancel-confirm"
          onClick={() => {
            setError(null);
            cancel.mutate(
              { clientId: subscription.clientId, body: true },
              { onSuccess: onCancelled, onError: (failure) => setError(failureText(failure)) },
            );
          }}
        >
          {cancel.isPending ? t('plans.subscription.mine.cancelling') : t('plans.subscription.mine.cancelConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
