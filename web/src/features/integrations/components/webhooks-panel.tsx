import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Webhook } from '@orbit/functions/integrations/webhook-contract';
import { isApiError } from '../../../shared/api/api-error';
import { inAWhile } from '../../../shared/i18n/retry-after';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { EmptyState } from '../../../shared/ui/empty-state';
import { AddIcon } from '../../../shared/ui/icons';
import { NoticeSnackbar, type Notice } from '../../../shared/ui/notice-snackbar';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import { isolate } from '../utils/format';
import { ConfirmDialog } from './confirm-dialog';
import { WebhookIcon } from './icons';
import { OnceDialog } from './once-dialog';
import { WebhooksList, type WebhookAction } from './webhooks-list';

// The form and the log download when first opened.
const WebhookFormDialog = lazy(async () => ({
  default: (await import('./webhook-form-dialog')).WebhookFormDialog,
}));
const DeliveryLog = lazy(async () => ({ default: (await import('./delivery-log')).DeliveryLog }));

type OpenDialog =
  | { readonly kind: 'create' }
  | { readonly kind: 'edit' | 'remove' | 'rotate'; readonly webhook: Webhook }
  | { readonly kind: 'secret'; readonly rotated: boolean; readonly secret: string };

/**
 * The webhooks tab: the subscriptions and what can be done with each; `?webhook=<id>` opens one's
 * delivery log instead. A new or rotated signing secret is shown once.
 */
export const WebhooksPanel = () => {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const webhooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestEvent();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const close = () => setDialog(null);
  const say = (severity: Notice['severity'], text: string) => setNotice({ severity, text });
  const failed = (error: unknown) =>
    say(
      'error',
      isApiError(error) && error.status === 409
        ? t('integrations.common.conflict')
        : isApiError(error) && error.code === 'network'
          ? t('integrations.common.network')
          : // Test events are limited per endpoint and per person: say when to try again.
            isApiError(error) && error.status === 429
            ? t('integrations.webhooks.notices.testThrottled', {
                when: inAWhile(error.retryAfterSeconds ?? 60, i18n.language),
              })
            : t('integrations.common.failed'),
    );

  const onAction = (action: WebhookAction, webhook: Webhook) => {
    switch (action) {
      case 'test':
        test.mutate(
          { webhookId: webhook.id },
          { onSuccess: () => say('success', t('integrations.webhooks.notices.tested')), onError: failed },
        );
        return;
      case 'enable':
      case 'disable':
        update.mutate(
          { id: webhook.id, version: webhook.version, enabled: action === 'enable' },
          { onSuccess: () => say('success', t(`integrations.webhooks.notices.${action}d`)), onError: failed },
        );
        return;
      case 'edit':
      case 'remove':
      case 'rotate':
        setDialog({ kind: action, webhook });
        return;
    }
  };

  const logId = params.get('webhook');
  const logOf = logId ? webhooks.data?.webhooks.find((webhook) => webhook.id === logId) : undefined;
  const list = webhooks.data?.webhooks;

  return (
    <Stack spacing={2} data-testid="webhooks-panel">
      {logId && (logOf || webhooks.isPending) ? (
        logOf ? (
          <Suspense fallback={<SkeletonBlock height={240} />}>
            <DeliveryLog webhook={logOf} onNotice={setNotice} />
          </Suspense>
        ) : (
          <SkeletonBlock height={240} />
        )
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography color="text.secondary">{t('integrations.webhooks.description')}</Typography>
            {list && list.length > 0 ? (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setDialog({ kind: 'create' })}
                sx={{ flexShrink: 0 }}
                data-testid="webhook-add"
              >
                {t('integrations.webhooks.add')}
              </Button>
            ) : null}
          </Stack>
          {webhooks.isError ? (
            <LoadFailedAlert actionLabel={t('integrations.common.retry')} onAction={() => void webhooks.refetch()}>
              {t('integrations.common.loadFailed')}
            </LoadFailedAlert>
          ) : list === undefined ? (
            <SkeletonBlock height={180} />
          ) : list.length === 0 ? (
            <EmptyState
              testId="webhooks-empty"
              icon={<WebhookIcon color="disabled" sx={{ fontSize: 56 }} />}
              title={t('integrations.webhooks.empty')}
              description={t('integrations.webhooks.emptyHint')}
              action={
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  onClick={() => setDialog({ kind: 'create' })}
                  data-testid="webhook-add"
                >
                  {t('integrations.webhooks.add')}
                </Button>
              }
            />
          ) : (
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <WebhooksList webhooks={list} onAction={onAction} />
            </Paper>
          )}
        </>
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
          <WebhookFormDialog
            webhook={dialog.kind === 'edit' ? dialog.webhook : undefined}
            onCreated={({ secret }) => {
              say('success', t('integrations.webhooks.notices.created'));
              setDialog({ kind: 'secret', rotated: false, secret });
            }}
            onSaved={() => {
              say('success', t('integrations.webhooks.notices.saved'));
              close();
            }}
            onClose={close}
          />
        ) : null}
      </Suspense>
      {dialog?.kind === 'secret' ? (
        <OnceDialog
          testId="webhook-secret"
          title={
            dialog.rotated
              ? t('integrations.webhooks.secretDialog.rotatedTitle')
              : t('integrations.webhooks.secretDialog.createdTitle')
          }
          text={
            dialog.rotated
              ? t('integrations.webhooks.secretDialog.rotated')
              : t('integrations.webhooks.secretDialog.created')
          }
          label={t('integrations.webhooks.secretDialog.label')}
          value={dialog.secret}
          onDone={close}
        />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <ConfirmDialog
          title={t('integrations.webhooks.removeDialog.title')}
          message={t('integrations.webhooks.removeDialog.message', { url: isolate(dialog.webhook.url) })}
          confirmLabel={t('integrations.webhooks.removeDialog.confirm')}
          danger
          pending={remove.isPending}
          onClose={close}
          onConfirm={() =>
            remove.mutate(dialog.webhook.id, {
              onSuccess: () => say('success', t('integrations.webhooks.notices.removed')),
              onError: failed,
              onSettled: close,
            })
          }
        />
      ) : null}
      {dialog?.kind === 'rotate' ? (
        <ConfirmDialog
          title={t('integrations.webhooks.rotateDialog.title')}
          message={t('integrations.webhooks.rotateDialog.message')}
          confirmLabel={t('integrations.webhooks.rotateDialog.confirm')}
          pending={rotate.isPending}
          onClose={close}
          onConfirm={() =>
            rotate.mutate(dialog.webhook.id, {
              onSuccess: ({ secret }) => {
                say('success', t('integrations.webhooks.notices.rotated'));
                setDialog({ kind: 'secret', rotated: true, secret });
              },
              onError: (error) => {
                failed(error);
                close();
              },
            })
          }
        />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};
