import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Channel } from '@orbit/functions/channels/contract';
import { isApiError } from '../../shared/api/api-error';
import { useAppAbility } from '../../shared/session/use-session';
import { LoadFailedAlert } from '../../shared/ui/action-alerts';
import { EmptyState } from '../../shared/ui/empty-state';
import { AddIcon } from '../../shared/ui/icons';
import { NoticeSnackbar, type Notice } from '../../shared/ui/notice-snackbar';
import { PageHeader } from '../../shared/ui/page-header';
import { PageTitle } from '../../shared/ui/page-title';
import { ProgressBar } from '../../shared/ui/progress-bar';
import { SkeletonBlock } from '../../shared/ui/skeleton-block';
import { TabStrip } from '../../shared/ui/tab-strip';
import { useChannels, usePauseChannel, useResumeChannel } from './api/channels';
import { ChannelList, type ChannelAction } from './components/channel-list';
import { HubIcon } from './components/icons';
import { NeedsAttention } from './components/needs-attention';
import { isolate } from './utils/format';

// The dialogs download with the first one opened; the board (and its drag and drop) with its tab.
const loadDialogs = () => import('./components/channel-dialogs');
const ConnectDialog = lazy(async () => ({ default: (await loadDialogs()).ConnectDialog }));
const SecretDialog = lazy(async () => ({ default: (await loadDialogs()).SecretDialog }));
const TestDialog = lazy(async () => ({ default: (await loadDialogs()).TestDialog }));
const RemoveDialog = lazy(async () => ({ default: (await loadDialogs()).RemoveDialog }));
const LeadBoard = lazy(async () => ({ default: (await import('./components/lead-board')).LeadBoard }));

const tabs = ['channels', 'leads'] as const;
type Tab = (typeof tabs)[number];

type OpenDialog =
  | { readonly kind: 'connect' }
  | { readonly kind: 'edit' | 'test' | 'remove'; readonly channel: Channel }
  | { readonly kind: 'secret'; readonly channel: Channel; readonly secret: string };

/**
 * /apps/channels (whoever may read channels; the actions for those who may change them): the connected channels with their state, what background work needs
 * attention, and (the `?tab=leads` tab) the lead pipeline. docs/decisions.md says why the board
 * is a tab here rather than a route of its own.
 */
export const ChannelsPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'leads' ? 'leads' : 'channels';
  const channels = useChannels();
  const pause = usePauseChannel();
  const resume = useResumeChannel();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Staff who may read channels (docs/roles.md) see them; only those the rules let change them get the actions.
  const ability = useAppAbility();
  const mayConnect = ability.can('create', 'Channel');
  const mayChange = ability.can('update', 'Channel');

  const say = (severity: Notice['severity'], text: string) => setNotice({ severity, text });
  const failed = (error: unknown) =>
    say(
      'error',
      isApiError(error) && error.status === 409 ? t('channels.notices.conflict') : t('channels.notices.failed'),
    );

  const onAction = (action: ChannelAction, channel: Channel) => {
    const name = isolate(channel.name);
    switch (action) {
      case 'pause':
        pause.mutate(channel, {
          onSuccess: () => say('success', t('channels.notices.paused', { name })),
          onError: failed,
        });
        return;
      case 'resume':
        resume.mutate(channel, {
          onSuccess: () => say('success', t('channels.notices.resumed', { name })),
          onError: failed,
        });
        return;
      case 'edit':
      case 'test':
      case 'remove':
        setDialog({ kind: action, channel });
        return;
    }
  };

  const connectButton = (label: 'channels.connect' | 'channels.empty.action' = 'channels.connect') => (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setDialog({ kind: 'connect' })}
      onPointerEnter={() => void loadDialogs()}
      onFocus={() => void loadDialogs()}
    >
      {t(label)}
    </Button>
  );

  const list = channels.data?.channels;
  const close = () => setDialog(null);

  return (
    <Stack component="section" aria-labelledby="channels-heading" spacing={3}>
      <PageTitle title={t('channels.title')} />
      <PageHeader
        headingId="channels-heading"
        title={t('channels.title')}
        subtitle={t('channels.subtitle')}
        action={tab === 'channels' && list && list.length > 0 && mayConnect ? connectButton() : null}
      />

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <TabStrip<Tab>
          value={tab}
          onChange={(value) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === 'channels') next.delete('tab');
                else next.set('tab', value);
                return next;
              },
              { replace: true },
            )
          }
          aria-label={t('channels.tabs.label')}
          items={tabs.map((value) => ({ value, label: t(`channels.tabs.${value}`) }))}
          sx={{ px: 1 }}
        />
      </Paper>

      {tab === 'leads' ? (
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('channels.leads.description')}</Typography>
          <Suspense fallback={<ProgressBar aria-label={t('app.loading')} />}>
            <LeadBoard
              onMoved={(name, stage) => say('success', t('channels.notices.leadMoved', { name: isolate(name), stage }))}
              onMoveFailed={(name) => say('error', t('channels.notices.leadMoveFailed', { name: isolate(name) }))}
            />
          </Suspense>
        </Stack>
      ) : (
        <>
          {channels.isError ? (
            <LoadFailedAlert actionLabel={t('channels.list.retry')} onAction={() => void channels.refetch()}>
              {t('channels.list.loadFailed')}
            </LoadFailedAlert>
          ) : list === undefined ? (
            <Box aria-busy="true">
              <SkeletonBlock height={180} />
            </Box>
          ) : list.length === 0 ? (
            <EmptyState
              testId="channels-empty"
              icon={<HubIcon color="disabled" sx={{ fontSize: 56 }} />}
              title={t('channels.empty.title')}
              description={t('channels.empty.description')}
              action={mayConnect ? connectButton('channels.empty.action') : null}
            />
          ) : (
            <ChannelList channels={list} busy={channels.isFetching} onAction={mayChange ? onAction : undefined} />
          )}
          {mayChange ? (
            <NeedsAttention
              onReplayed={(item) => say('success', t('channels.notices.replayed', { label: isolate(item.label) }))}
              onFailed={() => say('error', t('channels.notices.failed'))}
            />
          ) : null}
        </>
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'connect' || dialog?.kind === 'edit' ? (
          <ConnectDialog
            channel={dialog.kind === 'edit' ? dialog.channel : undefined}
            onClose={close}
            onSaved={(channel, secret) => {
              const name = isolate(channel.name);
              say(
                'success',
                dialog.kind === 'edit'
                  ? t('channels.notices.saved', { name })
                  : t('channels.notices.connected', { name }),
              );
              setDialog(secret ? { kind: 'secret', channel, secret } : null);
            }}
          />
        ) : null}
        {dialog?.kind === 'secret' ? (
          <SecretDialog channel={dialog.channel} secret={dialog.secret} onClose={close} />
        ) : null}
        {dialog?.kind === 'test' ? (
          <TestDialog
            channel={dialog.channel}
            onClose={close}
            onStarted={() => {
              close();
              say('info', t('channels.test.started'));
            }}
          />
        ) : null}
        {dialog?.kind === 'remove' ? (
          <RemoveDialog
            channel={dialog.channel}
            onClose={close}
            onRemoved={() => {
              say('success', t('channels.notices.removed', { name: isolate(dialog.channel.name) }));
              close();
            }}
          />
        ) : null}
      </Suspense>

      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};
