import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatsAndContactsResponse } from '@orbit/functions/chat/contract';
import type { ScheduledMessage } from '@orbit/functions/chat/scheduled-contract';
import { isApiError } from '../../../shared/api/api-error';
import { useAppAbility } from '../../../shared/session/use-session';
import { deferredOverlay } from '../../../shared/ui/deferred';
import { NoticeSnackbar, type Notice } from '../../../shared/ui/notice-snackbar';
import { chatKeys, useLoadOlderMessages, useOpenChat, useSendMessage } from '../api/chat-api';
import { markChatOpened } from '../api/chat-cache';
import { useCancelScheduled, useRetryChannelReply, useScheduledMessages } from '../api/scheduled-api';
import { channelOf } from '../utils/channel';
import { ChannelIcon } from './channel-icon';
import { ChatLog } from './chat-log';
import { Composer } from './composer';
import { ScheduledList } from './scheduled-list';
import { ContactAvatar } from './contact-avatar';
import { ArrowBackIcon, InfoIcon } from './icons';
import type { LogMessage } from '../utils/message-groups';

interface PendingMessage {
  readonly id: string;
  readonly text: string;
  readonly createdAt: number;
  readonly state: 'sending' | 'failed';
}

/** The send-later dialog downloads with its first opening. */
const ScheduleDialog = deferredOverlay(async () => ({ default: (await import('./schedule-dialog')).ScheduleDialog }));

type Scheduling =
  | { readonly kind: 'new'; readonly text: string; readonly clear: () => void }
  | { readonly kind: 'edit'; readonly scheduled: ScheduledMessage };

/** A message the WebSocket delivered before the HTTP answer stands for its optimistic copy. */
const arrivedWithin = 5_000;

export interface ConversationProps {
  readonly me: string;
  readonly contactId: string;
  readonly typing: boolean;
  readonly onTyping: (isTyping: boolean) => void;
  readonly showBack: boolean;
  readonly onBack: () => void;
  readonly onOpenDetails: () => void;
}

/** One open chat: header (presence or "typing…"), the log with older history, the composer. */
export const Conversation = ({
  me,
  contactId,
  typing,
  onTyping,
  showBack,
  onBack,
  onOpenDetails,
}: ConversationProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const open = useOpenChat(contactId);
  const send = useSendMessage(contactId, me);
  const older = useLoadOlderMessages(contactId);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  // The server's rules (docs/roles.md): sending is `create Chat` (Only View reads, no composer);
  // send later and sending a channel reply again are `update Chat` (Client Communication).
  const ability = useAppAbility();
  const canSend = ability.can('create', 'Chat');
  const canSchedule = ability.can('update', 'Chat');
  const canRetryDelivery = ability.can('update', 'Chat');
  const scheduledList = useScheduledMessages(contactId, canSchedule);
  const cancelScheduled = useCancelScheduled(contactId);
  const retryDelivery = useRetryChannelReply(contactId, me);
  const [scheduling, setScheduling] = useState<{ opening: number; open: boolean; what?: Scheduling }>({
    opening: 0,
    open: false,
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  const { i18n } = useTranslation();
  const formatWhen = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const openScheduling = (what: Scheduling) =>
    setScheduling((current) => ({ opening: current.opening + 1, open: true, what }));
  const closeScheduling = () => setScheduling((current) => ({ ...current, open: false }));

  // Opened means read: the list's badge goes as soon as the server has answered.
  const openedAt = open.dataUpdatedAt;
  useEffect(() => {
    if (openedAt) {
      queryClient.setQueriesData<ChatsAndContactsResponse>({ queryKey: chatKeys.lists() }, (list) =>
        markChatOpened(list, contactId),
      );
    }
  }, [openedAt, contactId, queryClient]);

  const deliver = (id: string, text: string) => {
    setPending((current) => current.map((item) => (item.id === id ? { ...item, state: 'sending' } : item)));
    send.mutateAsync(text).then(
      () => setPending((current) => current.filter((item) => item.id !== id)),
      () => setPending((current) => current.map((item) => (item.id === id ? { ...item, state: 'failed' } : item))),
    );
  };

  const onSend = (text: string) => {
    const id = `pending-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    setPending((current) => [...current, { id, text, createdAt: Date.now(), state: 'sending' }]);
    deliver(id, text);
  };

  const chat = open.data?.chat;
  const contact = open.data?.contact;
  const messages = useMemo<LogMessage[]>(() => {
    const stored = chat?.messages ?? [];
    const mine = stored.filter((message) => message.senderId === me);
    const waiting = pending
      .filter(
        (item) =>
          item.state === 'failed' ||
          !mine.some(
            (message) => message.message === item.text && Date.parse(message.time) >= item.createdAt - arrivedWithin,
          ),
      )
      .map<LogMessage>((item) => ({
        id: item.id,
        message: item.text,
        time: new Date(item.createdAt).toISOString(),
        senderId: me,
        feedback: { isSent: false, isDelivered: false, isSeen: false },
        pending: item.state,
      }));
    return [...stored, ...waiting];
  }, [chat?.messages, pending, me]);

  const contactChannel = channelOf(contact);
  if (open.isError) {
    const gone = isApiError(open.error) && open.error.status === 404;
    return (
      <Stack sx={{ flex: 1, p: 3 }} spacing={2}>
        {showBack ? (
          <Box>
            <Button
              startIcon={
                <ArrowBackIcon sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
              }
              onClick={onBack}
            >
              {t('chat.header.back')}
            </Button>
          </Box>
        ) : null}
        <Alert
          severity="error"
          action={
            gone ? undefined : (
              <Button color="inherit" size="small" onClick={() => void open.refetch()}>
                {t('chat.errors.retry')}
              </Button>
            )
          }
        >
          {gone ? t('chat.errors.contact') : t('chat.errors.load')}
        </Alert>
      </Stack>
    );
  }

  if (!contact) {
    return (
      <Stack sx={{ flex: 1, alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Stack>
    );
  }

  return (
    <Stack sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', px: { xs: 1, sm: 2 }, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
      >
        {showBack ? (
          <IconButton onClick={onBack} aria-label={t('chat.header.back')}>
            <ArrowBackIcon sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        ) : null}
        <ContactAvatar id={contact.id} fullName={contact.fullName} avatar={contact.avatar} status={contact.status} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            noWrap
            sx={{ fontWeight: 600 }}
            data-testid="conversation-title"
          >
            <bdi>{contact.fullName}</bdi>
            {contactChannel ? (
              <ChannelIcon
                channel={contactChannel}
                sx={{ marginInlineStart: 0.75, verticalAlign: 'middle', fontSize: 18, color: 'text.secondary' }}
              />
            ) : null}
          </Typography>
          <Typography
            variant="caption"
            color={typing ? 'primary' : 'text.secondary'}
            noWrap
            component="p"
            aria-live="polite"
            data-testid="conversation-status"
          >
            {typing ? t('chat.typing', { name: contact.fullName }) : t(`chat.statuses.${contact.status}`)}
          </Typography>
        </Box>
        <IconButton onClick={onOpenDetails} aria-label={t('chat.header.details')}>
          <InfoIcon />
        </IconButton>
      </Stack>
      <ChatLog
        me={me}
        contact={contact}
        messages={messages}
        nextCursor={chat?.nextCursor ?? null}
        loadingOlder={older.isPending}
        onLoadOlder={() => {
          if (chat?.nextCursor && !older.isPending) older.mutate(chat.nextCursor);
        }}
        onRetry={(id) => {
          const item = pending.find((candidate) => candidate.id === id);
          if (item) deliver(id, item.text);
        }}
        onDiscard={(id) => setPending((current) => current.filter((item) => item.id !== id))}
        onRetryDelivery={
          canRetryDelivery
            ? (messageId) =>
                retryDelivery.mutate(messageId, {
                  onError: () => setNotice({ severity: 'error', text: t('chat.delivery.retryFailed') }),
                })
            : undefined
        }
        retryingDeliveryId={retryDelivery.isPending ? retryDelivery.variables : undefined}
      />
      {canSchedule ? (
        <ScheduledList
          scheduled={scheduledList.data?.scheduled ?? []}
          cancelling={cancelScheduled.isPending ? cancelScheduled.variables.id : undefined}
          onEdit={(scheduled) => openScheduling({ kind: 'edit', scheduled })}
          onCancel={(scheduled) =>
            cancelScheduled.mutate(scheduled, {
              onSuccess: () => setNotice({ severity: 'success', text: t('chat.later.cancelled') }),
              onError: (error) =>
                setNotice({
                  severity: 'warning',
                  text:
                    isApiError(error) && error.status === 409
                      ? t('chat.later.errors.tooLate')
                      : isApiError(error) && error.status === 404
                        ? t('chat.later.errors.gone')
                        : t('chat.later.errors.generic'),
                }),
            })
          }
        />
      ) : null}
      {canSend ? (
        <Composer
          contactName={contact.fullName}
          onSend={onSend}
          onTyping={onTyping}
          onSendLater={canSchedule ? (text, clear) => openScheduling({ kind: 'new', text, clear }) : undefined}
        />
      ) : null}
      {canSchedule ? (
        <ScheduleDialog
          key={scheduling.opening}
          open={scheduling.open}
          contactId={contactId}
          contactName={contact.fullName}
          editing={scheduling.what?.kind === 'edit' ? scheduling.what.scheduled : undefined}
          initialText={scheduling.what?.kind === 'new' ? scheduling.what.text : ''}
          onClose={closeScheduling}
          onSaved={(scheduled, kind) => {
            if (scheduling.what?.kind === 'new') scheduling.what.clear();
            closeScheduling();
            setNotice({
              severity: 'success',
              text:
                kind === 'created'
                  ? t('chat.later.scheduled', { time: formatWhen(scheduled.sendAt) })
                  : t('chat.later.updated'),
            });
          }}
        />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};
