import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { ApiKey } from '@orbit/functions/integrations/api-key-contract';
import { isApiError } from '../../../shared/api/api-error';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { EmptyState } from '../../../shared/ui/empty-state';
import { AddIcon } from '../../../shared/ui/icons';
import { NoticeSnackbar, type Notice } from '../../../shared/ui/notice-snackbar';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { Tag } from '../../../shared/ui/tag';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { curlExample, formatWhen, isolate } from '../utils/format';
import { ConfirmDialog } from './confirm-dialog';
import { KeyIcon } from './icons';
import { OnceDialog } from './once-dialog';

const ApiKeyFormDialog = lazy(async () => ({ default: (await import('./api-key-form-dialog')).ApiKeyFormDialog }));

type OpenDialog =
  | { readonly kind: 'create' }
  | { readonly kind: 'created'; readonly apiKey: ApiKey; readonly key: string }
  | { readonly kind: 'revoke'; readonly apiKey: ApiKey };

const KeyState = ({ apiKey, now }: { readonly apiKey: ApiKey; readonly now: number }) => {
  const { t, i18n } = useTranslation();
  if (apiKey.revokedAt) {
    return (
      <Tag
        label={t('integrations.keys.revoked', { when: formatWhen(apiKey.revokedAt, i18n.language) })}
        variant="outlined"
        data-testid="api-key-state"
        data-state="revoked"
      />
    );
  }
  const expired = new Date(apiKey.expiresAt).getTime() <= now;
  return (
    <Tag
      label={expired ? t('integrations.keys.expired') : t('integrations.keys.active')}
      color={expired ? 'warning' : 'success'}
      variant="outlined"
      data-testid="api-key-state"
      data-state={expired ? 'expired' : 'active'}
    />
  );
};

const KeysTable = ({
  apiKeys,
  onRevoke,
}: {
  readonly apiKeys: readonly ApiKey[];
  readonly onRevoke: (apiKey: ApiKey) => void;
}) => {
  const { t, i18n } = useTranslation();
  // Whether a key has expired, as of when the list was shown.
  const [now] = useState(Date.now);
  return (
    // Focusable, so the keyboard scrolls it on a phone: a list of revoked keys holds no control to reach.
    <TableContainer tabIndex={0} role="region" aria-label={t('integrations.keys.listLabel')}>
      <Table size="small" aria-label={t('integrations.keys.listLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('integrations.keys.name')}</TableCell>
            <TableCell>{t('integrations.keys.prefix')}</TableCell>
            <TableCell>{t('integrations.keys.scopes')}</TableCell>
            <TableCell>{t('integrations.keys.expires')}</TableCell>
            <TableCell>{t('integrations.keys.lastUsed')}</TableCell>
            <TableCell>{t('integrations.keys.createdBy')}</TableCell>
            <TableCell>{t('integrations.keys.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {apiKeys.map((apiKey) => (
            <TableRow key={apiKey.id} data-testid="api-key-row" data-api-key-id={apiKey.id} hover>
              <TableCell>
                <bdi>{apiKey.name}</bdi>
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('integrations.keys.rateLimitValue', { count: apiKey.rateLimitPerMinute })}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2" dir="ltr" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {apiKey.prefix}…
                </Typography>
              </TableCell>
              <TableCell>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, maxWidth: 320 }}>
                  {apiKey.scopes.map((scope) => (
                    <Tag key={scope} label={scope} variant="outlined" dir="ltr" />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>{formatWhen(apiKey.expiresAt, i18n.language)}</TableCell>
              <TableCell>
                {apiKey.lastUsedAt ? formatWhen(apiKey.lastUsedAt, i18n.language) : t('integrations.common.never')}
              </TableCell>
              <TableCell>
                <bdi>{apiKey.createdByName}</bdi>
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <KeyState apiKey={apiKey} now={now} />
                  {apiKey.revokedAt ? null : (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onRevoke(apiKey)}
                      aria-label={t('integrations.keys.revokeLabel', { name: apiKey.name })}
                      data-testid="api-key-revoke"
                    >
                      {t('integrations.keys.revoke')}
                    </Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** How to call the API with a key: a Bearer header on the app's own routes. */
const HowToCall = () => {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="api-key-how-to">
      <Typography id="api-key-how-to" variant="subtitle1" component="h2">
        {t('integrations.keys.howTo')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('integrations.keys.howToText')}
      </Typography>
      <Box
        component="pre"
        dir="ltr"
        tabIndex={0}
        aria-label={t('integrations.keys.howTo')}
        sx={{
          m: 0,
          p: 1.5,
          overflowX: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 13,
          textAlign: 'left',
        }}
      >
        {curlExample(window.location.origin, '$ORBIT_API_KEY')}
      </Box>
    </Paper>
  );
};

/** The API keys tab: the keys (revoked ones too), create one (shown once), revoke one. */
export const ApiKeysPanel = () => {
  const { t, i18n } = useTranslation();
  const apiKeys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const close = () => setDialog(null);
  const list = apiKeys.data?.apiKeys;
  const addButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setDialog({ kind: 'create' })}
      data-testid="api-key-add"
      sx={{ flexShrink: 0 }}
    >
      {t('integrations.keys.add')}
    </Button>
  );

  return (
    <Stack spacing={2} data-testid="api-keys-panel">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="text.secondary">{t('integrations.keys.description')}</Typography>
        {list && list.length > 0 ? addButton : null}
      </Stack>
      {apiKeys.isError ? (
        <LoadFailedAlert actionLabel={t('integrations.common.retry')} onAction={() => void apiKeys.refetch()}>
          {t('integrations.common.loadFailed')}
        </LoadFailedAlert>
      ) : list === undefined ? (
        <SkeletonBlock height={180} />
      ) : list.length === 0 ? (
        <EmptyState
          testId="api-keys-empty"
          icon={<KeyIcon color="disabled" sx={{ fontSize: 56 }} />}
          title={t('integrations.keys.empty')}
          description={t('integrations.keys.emptyHint')}
          action={addButton}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <KeysTable apiKeys={list} onRevoke={(apiKey) => setDialog({ kind: 'revoke', apiKey })} />
        </Paper>
      )}
      <HowToCall />

      <Suspense fallback={null}>
        {dialog?.kind === 'create' ? (
          <ApiKeyFormDialog
            onCreated={({ apiKey, key }) => setDialog({ kind: 'created', apiKey, key })}
            onClose={close}
          />
        ) : null}
      </Suspense>
      {dialog?.kind === 'created' ? (
        <OnceDialog
          testId="api-key-secret"
          title={t('integrations.keys.keyDialog.title')}
          text={t('integrations.keys.keyDialog.text', { when: formatWhen(dialog.apiKey.expiresAt, i18n.language) })}
          label={t('integrations.keys.keyDialog.label')}
          value={dialog.key}
          onDone={close}
        />
      ) : null}
      {dialog?.kind === 'revoke' ? (
        <ConfirmDialog
          title={t('integrations.keys.revokeDialog.title')}
          message={t('integrations.keys.revokeDialog.message', { name: isolate(dialog.apiKey.name) })}
          confirmLabel={t('integrations.keys.revokeDialog.confirm')}
          danger
          pending={revoke.isPending}
          onClose={close}
          onConfirm={() =>
            revoke.mutate(dialog.apiKey.id, {
              onSuccess: () => setNotice({ severity: 'success', text: t('integrations.keys.notices.revoked') }),
              onError: (error) =>
                setNotice({
                  severity: 'error',
                  text:
                    isApiError(error) && error.code === 'network'
                      ? t('integrations.common.network')
                      : t('integrations.common.failed'),
                }),
              onSettled: close,
            })
          }
        />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};
