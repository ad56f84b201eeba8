import type { Webhook, WebhookDeliveryStatus } from '@orbit/functions/integrations/webhook-contract';
import { useTranslation } from 'react-i18next';
import { Tag, type TagColor } from '../../../shared/ui/tag';

const deliveryColors = { pending: 'info', delivered: 'success', failed: 'error' } as const satisfies Record<
  WebhookDeliveryStatus,
  TagColor
>;

export const DeliveryStatusTag = ({ status }: { readonly status: WebhookDeliveryStatus }) => {
  const { t } = useTranslation();
  return (
    <Tag
      label={t(`integrations.deliveries.statuses.${status}`)}
      color={deliveryColors[status]}
      variant="outlined"
      data-testid="delivery-status"
      data-status={status}
    />
  );
};

/** Enabled, disabled by an admin, or disabled by Orbit because deliveries kept failing (with why, in its title). */
export const WebhookStateTag = ({ webhook }: { readonly webhook: Webhook }) => {
  const { t } = useTranslation();
  const state = webhook.enabled ? 'enabled' : webhook.disabledReason === 'failing' ? 'failing' : 'disabled';
  return (
    <Tag
      label={
        state === 'enabled'
          ? t('integrations.webhooks.enabled')
          : state === 'failing'
            ? t('integrations.webhooks.disabledFailing')
            : t('integrations.webhooks.disabled')
      }
      color={state === 'enabled' ? 'success' : state === 'failing' ? 'error' : 'default'}
      variant="outlined"
      title={state === 'failing' ? t('integrations.webhooks.disabledFailingHint') : undefined}
      data-testid="webhook-state"
      data-state={state}
    />
  );
};
