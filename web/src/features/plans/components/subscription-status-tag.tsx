import { useTranslation } from 'react-i18next';
import type { SubscriptionSummary } from '@orbit/functions/plans/contract';
import { Tag, type TagColor } from '../../../shared/ui/tag';

export type SubscriptionState = 'active' | 'cancelling' | 'canceled';

/** Active, ending at the period's end (the client cancelled), or ended. */
export const subscriptionState = ({
  status,
  cancelAtPeriodEnd,
}: Pick<SubscriptionSummary, 'status' | 'cancelAtPeriodEnd'>): SubscriptionState =>
  status === 'canceled' ? 'canceled' : cancelAtPeriodEnd ? 'cancelling' : 'active';

const colors = { active: 'success', cancelling: 'warning', canceled: 'default' } as const satisfies Record<
  SubscriptionState,
  TagColor
>;

export const SubscriptionStatusTag = ({ state }: { readonly state: SubscriptionState }) => {
  const { t } = useTranslation();
  return (
    <Tag
      label={t(`plans.subscription.status.${state}`)}
      color={colors[state]}
      variant="outlined"
      data-testid="subscription-status"
      data-state={state}
    />
  );
};
