import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  webhookDeliveryStatuses,
  type Webhook,
  type WebhookDeliveryStatus,
  type WebhookDeliverySummary,
} from '@orbit/functions/integrations/webhook-contract';
import { isApiError } from '../../../shared/api/api-error';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { CursorPagination } from '../../../shared/ui/cursor-pagination';
import { EmptyState } from '../../../shared/ui/empty-state';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import type { Notice } from '../../../shared/ui/notice-snackbar';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useDeliveries, useReplayDelivery, useSendTestEvent } from '../api/webhooks';
import { formatWhen } from '../utils/format';
import { ReplayFailedForm } from './replay-failed-form';
import { DeliveryStatusTag, WebhookStateTag } from './status-tags';

const DeliveryDialog = lazy(async () => ({ default: (await import('./delivery-dialog')).DeliveryDialog }));

const pageSize = 25;

const readStatus = (value: string | null): WebhookDeliveryStatus | undefined =>
  webhookDeliveryStatuses.find((status) => status === value);

const DeliveriesTable = ({
  deliveries,
  onOpen,
  onReplay,
  replaying,
}: {
  readonly deliveries: readonly WebhookDeliverySummary[];
  readonly onOpen: (id: string) => void;
  readonly onReplay: (id: string) => void;
  readonly replaying: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const when = (iso: string | undefined) => (iso ? formatWhen(iso, i18n.language) : '—');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('integrations.deliveries.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('integrations.deliveries.event')}</TableCell>
            <TableCell>{t('integrations.deliveries.status')}</TableCell>
            <TableCell align="right">{t('integrations.deliveries.attempts')}</TableCell>
            <TableCell align="right">{t('integrations.deliveries.code')}</TableCell>
            <TableCell>{t('integrations.deliveries.lastAttempt')}</TableCell>
            <TableCell>{t('integrations.deliveries.nextAttempt')}</TableCell>
            <TableCell>{t('integrations.deliveries.details')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id} data-testid="delivery-row" data-delivery-id={delivery.id} hover>
              <TableCell>
                <Typography variant="body2" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                  {delivery.eventType}
                </Typography>
              </TableCell>
              <TableCell>
                <DeliveryStatusTag status={delivery.status} />
              </TableCell>
              <TableCell align="right">{delivery.attempts}</TableCell>
              <TableCell align="right">{delivery.lastStatusCode ?? '—'}</TableCell>
              <TableCell>{when(delivery.lastAttemptAt)}</TableCell>
              <TableCell>{when(delivery.nextAttemptAt)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    onClick={() => onOpen(delivery.id)}
                    aria-label={t('integrations.deliveries.open', { id: delivery.id })}
                    data-testid="delivery-open"
                  >
                    {t('integrations.deliveries.details')}
                  </Button>
                  <Button
                    size="small"
                    // A delivery still on its way is not replayed (the server refuses it too): its attempts go on.
                    disabled={replaying || delivery.status === 'pending'}
                    onClick={() => onReplay(delivery.id)}
                    data-testid="delivery-replay"
                  >
                    {t('integrations.deliveries.replay')}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/**
 * One subscription's delivery log: newest first, filtered by status (`?status=` in the URL),
 * by cursor pages; a delivery's attempts in a dialog; replay one, or every failed one since a
 * moment; send a test event. It reads itself again while a delivery is pending.
 */
export const DeliveryLog = ({
  webhook,
  onNotice,
}: {
  readonly webhook: Webhook;
  readonly onNotice: (notice: Notice) => void;
}) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  // The cursors of the pages before this one, so "previous" needs no page numbers.
  const [cursors, setCursors] = useState<readonly string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useDeliveries(webhook.id, { status, cursor: cursors.at(-1), limit: pageSize });
  const test = useSendTestEvent();
  const replay = useReplayDelivery();
  const failed = (error: unknown) =>
    onNotice({
      severity: 'error',
      text: !isApiError(error)
        ? t('integrations.common.failed')
        : error.status === 409
          ? t('integrations.deliveries.stillPending')
          : error.code === 'network'
            ? t('integrations.common.network')
            : t('integrations.common.failed'),
    });
  const replayOne = (deliveryId: string) =>
    replay.mutate(
      { webhookId: webhook.id, deliveryId },
      {
        onSuccess: () => onNotice({ severity: 'success', text: t('integrations.webhooks.notices.replayed') }),
        onError: failed,
      },
    );
  const choose = (next: WebhookDeliveryStatus | undefined) => {
    setCursors([]);
    setParams(
      (current) => {
        if (next) current.set('status', next);
        else current.delete('status');
        return current;
      },
      { replace: true },
    );
  };
  const list = deliveries.data?.deliveries ?? [];

  return (
    <Stack spacing={2} data-testid="delivery-log">
      <Box>
        <Link component={RouterLink} to="/apps/integrations" data-testid="delivery-log-back">
          {t('integrations.deliveries.back')}
        </Link>
      </Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h2">
            {t('integrations.deliveries.title')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              dir="ltr"
              sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}
              data-testid="delivery-log-url"
            >
              {webhook.url}
            </Typography>
            <WebhookStateTag webhook={webhook} />
          </Stack>
        </Box>
        <Button
          variant="contained"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(
              { webhookId: webhook.id },
              {
                onSuccess: () => onNotice({ severity: 'success', text: t('integrations.webhooks.notices.tested') }),
                onError: failed,
              },
            )
          }
          sx={{ flexShrink: 0 }}
          data-testid="webhook-send-test"
        >
          {t('integrations.webhooks.menu.test')}
        </Button>
      </Stack>
      {webhook.disabledReason === 'failing' ? (
        <InlineAlert severity="warning">{t('integrations.webhooks.disabledFailingHint')}</InlineAlert>
      ) : null}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack
          direction="row"
          role="group"
          aria-label={t('integrations.deliveries.filter')}
          sx={{ flexWrap: 'wrap', gap: 1, p: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {[undefined, ...webhookDeliveryStatuses].map((value) => (
            <Chip
              key={value ?? 'all'}
              label={value ? t(`integrations.deliveries.statuses.${value}`) : t('integrations.deliveries.all')}
              color={value === status ? 'primary' : 'default'}
              variant={value === status ? 'filled' : 'outlined'}
              onClick={() => choose(value)}
              aria-pressed={value === status}
              data-testid={`deliveries-filter-${value ?? 'all'}`}
            />
          ))}
        </Stack>
        {deliveries.isError ? (
          <Box sx={{ p: 2 }}>
            <LoadFailedAlert actionLabel={t('integrations.common.retry')} onAction={() => void deliveries.refetch()}>
              {t('integrations.common.loadFailed')}
            </LoadFailedAlert>
          </Box>
        ) : deliveries.isPending ? (
          <SkeletonBlock height={200} />
        ) : list.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <EmptyState
              testId="deliveries-empty"
              title={status ? t('integrations.deliveries.emptyFiltered') : t('integrations.deliveries.empty')}
              description={status ? undefined : t('integrations.deliveries.emptyHint')}
            />
          </Box>
        ) : (
          <DeliveriesTable deliveries={list} onOpen={setOpen} onReplay={replayOne} replaying={replay.isPending} />
        )}
        {cursors.length > 0 || deliveries.data?.nextCursor ? (
          <Box sx={{ p: 1 }}>
            <CursorPagination
              label={t('integrations.deliveries.pager')}
              pageSize={null}
              range={null}
              previousLabel={t('integrations.deliveries.previous')}
              nextLabel={t('integrations.deliveries.next')}
              hasPrevious={cursors.length > 0}
              hasNext={Boolean(deliveries.data?.nextCursor)}
              onPrevious={() => setCursors((stack) => stack.slice(0, -1))}
              onNext={() => {
                const next = deliveries.data?.nextCursor;
                if (next) setCursors((stack) => [...stack, next]);
              }}
            />
          </Box>
        ) : null}
      </Paper>
      <ReplayFailedForm webhookId={webhook.id} onNotice={onNotice} />
      <Suspense fallback={null}>
        {open ? (
          <DeliveryDialog
            webhookId={webhook.id}
            deliveryId={open}
            replaying={replay.isPending}
            onReplay={() => replayOne(open)}
            onClose={() => setOpen(null)}
          />
        ) : null}
      </Suspense>
    </Stack>
  );
};
