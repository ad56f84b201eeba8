import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { PlanView, SubscriptionSummary } from '@orbit/functions/plans/contract';
import { formatMoney } from '../../../shared/i18n/money-format';
import { textIn } from '../utils/billing-format';

type Interval = SubscriptionSummary['interval'];

/** A plan in the picker: its name and its price for the interval chosen ("Growth — €79.00 / month"). */
const usePlanOption = () => {
  const { t, i18n } = useTranslation();
  return (plan: PlanView, interval: Interval): string => {
    const name = textIn(plan.name, i18n.language);
    const price = formatMoney(interval === 'year' ? plan.yearlyPrice : plan.monthlyPrice, plan.currency, i18n.language);
    const label = plan.archived ? t('plans.subscription.change.archived', { plan: name }) : name;
    return `${label} — ${t(interval === 'year' ? 'plans.common.perYear' : 'plans.common.perMonth', { price })}`;
  };
};

/**
 * The plan and billing-interval selects an admin fills when subscribing a client or changing a
 * subscription. Which plans are offered is the dialog's rule; the options show each plan's price
 * for the interval chosen, so switching to yearly reprices the list. Native selects: they work
 * with a phone's own picker and need no popup to be accessible.
 */
export const PlanIntervalFields = ({
  plans,
  planId,
  onPlanChange,
  planError,
  planHint,
  interval,
  onIntervalChange,
  intervalError,
  testIdPrefix,
}: {
  readonly plans: readonly PlanView[];
  readonly planId: string;
  readonly onPlanChange: (planId: string) => void;
  readonly planError: string | null;
  readonly planHint?: string;
  readonly interval: Interval;
  readonly onIntervalChange: (interval: Interval) => void;
  readonly intervalError: string | null;
  readonly testIdPrefix: string;
}) => {
  const { t } = useTranslation();
  const planOption = usePlanOption();
  return (
    <>
      <TextField
        select
        name="planId"
        label={t('plans.subscription.admin.plan')}
        value={planId}
        onChange={(event) => onPlanChange(event.target.value)}
        error={planError !== null}
        helperText={planError ?? planHint}
        slotProps={{
          select: { native: true },
          htmlInput: { 'data-testid': `${testIdPrefix}-plan` },
          inputLabel: { shrink: true },
        }}
        fullWidth
      >
        {plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {planOption(plan, interval)}
          </option>
        ))}
      </TextField>
      <TextField
        select
        name="interval"
        label={t('plans.subscription.admin.interval')}
        value={interval}
        onChange={(event) => onIntervalChange(event.target.value === 'year' ? 'year' : 'month')}
        error={intervalError !== null}
        helperText={intervalError ?? undefined}
        slotProps={{
          select: { native: true },
          htmlInput: { 'data-testid': `${testIdPrefix}-interval` },
          inputLabel: { shrink: true },
        }}
        fullWidth
      >
        <option value="month">{t('plans.common.monthly')}</option>
        <option value="year">{t('plans.common.yearly')}</option>
      </TextField>
    </>
  );
};
