import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookAttempt } from '@orbit/functions/integrations/webhook-contract';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useDelivery } from '../api/webhooks';
import { formatWhen } from '../utils/format';
import { DeliveryStatusTag } from './status-tags';

/** A request's or response's text as sent: left to right, wrapped, scrolled when long. */
const Excerpt = ({ label, children }: { readonly label: string; readonly children: ReactNode }) => (
  <Box>
    <Typography variant="subtitle2" component="h4">
      {label}
    </Typography>
    <Box
      component="pre"
      dir="ltr"
      tabIndex={0}
      aria-label={label}
      sx={{
        m: 0,
        mt: 0.5,
        p: 1,
        maxHeight: 200,
        overflow: 'auto',
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        textAlign: 'left',
      }}
    >
      {children}
    </Box>
  </Box>
);

const Facts = ({ facts }: { readonly facts: readonly (readonly [string, ReactNode])[] }) => (
  <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
    {facts.map(([term, value]) => (
      <Fragment key={term}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {term}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {value}
        </Typography>
      </Fragment>
    ))}
  </Box>
);

const Attempt = ({ attempt }: { readonly attempt: WebhookAttempt }) => {
  const { t, i18n } = useTranslation();
  const headers = Object.entries(attempt.requestHeaders)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  return (
    <Stack spacing={1.5} component="section" data-testid="delivery-attempt">
      <Typography variant="subtitle1" component="h3">
        {t('integrations.delivery.attempt', { number: attempt.number })}
      </Typography>
      <Facts
        facts={[
          [t('integrations.delivery.at'), formatWhen(attempt.at, i18n.language)],
          [t('integrations.delivery.statusCode'), attempt.statusCode ?? t('integrations.delivery.noResponse')],
          [t('integrations.delivery.duration'), t('integrations.delivery.durationMs', { ms: attempt.durationMs })],
          ...(attempt.error ? ([[t('integrations.delivery.error'), attempt.error]] as const) : []),
          ...(attempt.nextAttemptAt
            ? ([[t('integrations.delivery.nextRetry'), formatWhen(attempt.nextAttemptAt, i18n.language)]] as const)
            : []),
        ]}
      />
      <Excerpt label={t('integrations.delivery.requestHeaders')}>{headers}</Excerpt>
      <Excerpt label={t('integrations.delivery.requestBody')}>{attempt.requestBody}</Excerpt>
      {attempt.responseBody !== undefined ? (
        <Excerpt label={t('integrations.delivery.responseBody')}>{attempt.responseBody}</Excerpt>
      ) : null}
    </Stack>
  );
};

/** One delivery's attempts, newest last, each with its request and response as the log keeps them. */
export const DeliveryDialog = ({
  webhookId,
  deliveryId,
  replaying,
  onReplay,
  onClose,
}: {
  readonly webhookId: string;
  readonly deliveryId: string;
  readonly replaying: boolean;
  readonly onReplay: () => void;
  readonly onClose: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useDelivery(webhookId, deliveryId);
  const delivery = query.data?.delivery;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" data-testid="delivery-dialog">
      <DialogTitle id={titleId} sx={{ wordBreak: 'break-all' }}>
        {t('integrations.delivery.title', { id: deliveryId })}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        {query.isError ? (
          <LoadFailedAlert actionLabel={t('integrations.common.retry')} onAction={() => void query.refetch()}>
            {t('integrations.common.loadFailed')}
          </LoadFailedAlert>
        ) : !delivery ? (
          <SkeletonBlock height={200} />
        ) : (
          <>
            <Facts
              facts={[
                [t('integrations.deliveries.status'), <DeliveryStatusTag key="status" status={delivery.status} />],
                [t('integrations.deliveries.event'), <bdi key="event">{delivery.eventType}</bdi>],
                [t('integrations.delivery.eventId'), <bdi key="id">{delivery.eventId}</bdi>],
              ]}
            />
            <Typography variant="body2" color="text.secondary">
              {t('integrations.delivery.truncated')}
            </Typography>
            {delivery.attemptLog.length === 0 ? (
              <Typography>{t('integrations.delivery.noAttempts')}</Typography>
            ) : (
              delivery.attemptLog.map((attempt, index) => (
                <Fragment key={attempt.number}>
                  {index > 0 ? <Divider /> : null}
                  <Attempt attempt={attempt} />
                </Fragment>
              ))
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button
          onClick={onReplay}
          disabled={replaying || delivery === undefined || delivery.status === 'pending'}
          data-testid="delivery-dialog-replay"
        >
          {t('integrations.deliveries.replay')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('integrations.common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
