import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useMemo, useRef, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@orbit/functions/chat/contract';
import { ChannelIcon } from './channel-icon';
import { ContactAvatar } from './contact-avatar';
import { CheckIcon, ClockIcon, DoneAllIcon, ErrorIcon, HelpIcon } from './icons';
import { canRetryDelivery, channelOf, deliveryOf, type ChannelDelivery, type ChannelName } from '../utils/channel';
import { groupMessages, receiptOf, type LogMessage, type Receipt } from '../utils/message-groups';

/** How close to the top (px) scrolling asks for older messages, and to the bottom counts as "at the end". */
const loadOlderWithin = 80;
const followWithin = 120;

export const ReceiptTicks = ({ receipt }: { receipt: Receipt }) => {
  const { t } = useTranslation();
  const label = t(`chat.ticks.${receipt}`);
  const props = { fontSize: 'inherit', titleAccess: label } as const;
  const icon =
    receipt === 'sending' ? (
      <ClockIcon {...props} />
    ) : receipt === 'failed' ? (
      <ErrorIcon {...props} color="error" />
    ) : receipt === 'sent' ? (
      <CheckIcon {...props} />
    ) : (
      <DoneAllIcon {...props} color={receipt === 'seen' ? 'primary' : 'inherit'} />
    );
  return (
    <Box component="span" data-receipt={receipt} sx={{ display: 'inline-flex', fontSize: 16, lineHeight: 1 }}>
      {icon}
    </Box>
  );
};

/** What a channel reply's ticks say, named with its channel when the page knows it. */
const useDeliveryLabel = () => {
  const { t } = useTranslation();
  return (delivery: ChannelDelivery, channel: ChannelName | undefined): string => {
    if (channel) return t(`chat.delivery.${delivery.status}`, { channel: t(`chat.channels.${channel}`) });
    switch (delivery.status) {
      case 'queued':
        return t('chat.ticks.sending');
      case 'unknown':
        return t('chat.delivery.unknownNote');
      default:
        return t(`chat.ticks.${delivery.status}`);
    }
  };
};

/** The ticks of a reply sent through a channel: queued, sent, delivered, failed or unknown. */
export const DeliveryTicks = ({ delivery, channel }: { delivery: ChannelDelivery; channel?: ChannelName }) => {
  const label = useDeliveryLabel()(delivery, channel);
  const props = { fontSize: 'inherit', titleAccess: label } as const;
  const icon =
    delivery.status === 'queued' ? (
      <ClockIcon {...props} />
    ) : delivery.status === 'failed' ? (
      <ErrorIcon {...props} color="error" />
    ) : delivery.status === 'unknown' ? (
      <HelpIcon {...props} color="warning" />
    ) : delivery.status === 'sent' ? (
      <CheckIcon {...props} />
    ) : (
      <DoneAllIcon {...props} />
    );
  return (
    <Box component="span" data-delivery={delivery.status} sx={{ display: 'inline-flex', fontSize: 16, lineHeight: 1 }}>
      {icon}
    </Box>
  );
};

/** Under a channel reply that did not arrive (or may not have): why, and a way to send it again. */
const DeliveryProblem = ({
  delivery,
  channel,
  retrying,
  onRetry,
}: {
  delivery: ChannelDelivery;
  channel?: ChannelName;
  retrying: boolean;
  onRetry: () => void;
}) => {
  const { t } = useTranslation();
  const failed = delivery.status === 'failed';
  return (
    <Stack
      direction="row"
      spacing={1}
      role={failed ? 'alert' : 'status'}
      data-testid="delivery-problem"
      sx={{ alignItems: 'center', flexWrap: 'wrap', color: failed ? 'error.main' : 'warning.main' }}
    >
      <DeliveryTicks delivery={delivery} channel={channel} />
      <Typography variant="caption" sx={{ color: 'text.primary' }}>
        {failed ? t('chat.delivery.failedNote') : t('chat.delivery.unknownNote')}
        {delivery.error ? <bdi dir="auto">{` ${delivery.error}`}</bdi> : null}
      </Typography>
      <Button
        size="small"
        onClick={onRetry}
        disabled={retrying}
        aria-label={channel ? t('chat.delivery.retryNamed', { channel: t(`chat.channels.${channel}`) }) : undefined}
      >
        {t('chat.delivery.retry')}
      </Button>
    </Stack>
  );
};

const useFormatters = () => {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' });
    const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(i18n.language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    const dayLabel = (day: Date) => {
      const today = new Date();
      const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
      if (day.toDateString() === today.toDateString()) return t('chat.log.today');
      if (day.toDateString() === yesterday.toDateString()) return t('chat.log.yesterday');
      return date.format(day);
    };
    return {
      time: (iso: string) => time.format(new Date(iso)),
      full: (iso: string) => full.format(new Date(iso)),
      dayLabel,
    };
  }, [i18n.language, t]);
};

export interface ChatLogProps {
  readonly me: string;
  readonly contact: Contact;
  readonly messages: readonly LogMessage[];
  readonly nextCursor: string | null;
  readonly loadingOlder: boolean;
  readonly onLoadOlder: () => void;
  readonly onRetry: (id: string) => void;
  readonly onDiscard: (id: string) => void;
  /** Sends a failed channel reply again (admins); absent, no retry is offered. */
  readonly onRetryDelivery?: (messageId: string) => void;
  /** The reply whose retry is under way. */
  readonly retryingDeliveryId?: string;
}

/**
 * The conversation, oldest first: day separators, messages grouped by sender with the time and
 * receipt under each group. Text is rendered as text (never HTML), line breaks kept. Scrolling
 * to the top loads older history without moving what is on screen; new messages scroll into
 * view when the reader is at the end (or wrote them).
 */
export const ChatLog = ({
  me,
  contact,
  messages,
  nextCursor,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onDiscard,
  onRetryDelivery,
  retryingDeliveryId,
}: ChatLogProps) => {
  const { t } = useTranslation();
  const format = useFormatters();
  const contactChannel = channelOf(contact);
  const items = useMemo(() => groupMessages(messages, me), [messages, me]);
  const scroller = useRef<HTMLDivElement>(null);
  const firstId = messages[0]?.id;
  const last = messages.at(-1);
  const lastId = last?.id;
  const previous = useRef<{ firstId?: string; lastId?: string; scrollHeight: number; atEnd: boolean }>({
    scrollHeight: 0,
    atEnd: true,
  });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    if (before.firstId !== undefined && before.firstId !== firstId && before.lastId === lastId) {
      // Older history came in above: keep the same messages in view.
      element.scrollTop += element.scrollHeight - before.scrollHeight;
    } else if (before.lastId !== lastId && (before.atEnd || before.lastId === undefined || last?.senderId === me)) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = {
      firstId,
      lastId,
      scrollHeight: element.scrollHeight,
      atEnd: element.scrollHeight - element.scrollTop - element.clientHeight < followWithin,
    };
  }, [firstId, lastId, last?.senderId, me]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    previous.current = {
      ...previous.current,
      scrollHeight: element.scrollHeight,
      atEnd: element.scrollHeight - element.scrollTop - element.clientHeight < followWithin,
    };
    if (element.scrollTop < loadOlderWithin && nextCursor && !loadingOlder) onLoadOlder();
  };

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      role="log"
      // A region that scrolls is reachable by keyboard, to scroll it without a pointer.
      tabIndex={0}
      aria-live="polite"
      aria-relevant="additions"
      aria-label={t('chat.log.label', { name: contact.fullName })}
      data-testid="chat-log"
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1.5, sm: 3 }, py: 2, bgcolor: 'action.hover' }}
    >
      <Stack spacing={1.5}>
        <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 36 }}>
          {nextCursor ? (
            <Button
              size="small"
              onClick={onLoadOlder}
              disabled={loadingOlder}
              startIcon={loadingOlder ? <CircularProgress size={14} /> : undefined}
            >
              {loadingOlder ? t('chat.log.loadingOlder') : t('chat.log.loadOlder')}
            </Button>
          ) : messages.length > 0 ? (
            <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {t('chat.log.start')}
            </Typography>
          ) : null}
        </Box>
        {messages.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
            {t('chat.empty.noMessages', { name: contact.fullName })}
          </Typography>
        ) : null}
        {items.map((item) =>
          item.kind === 'day' ? (
            <Divider key={item.key} role="presentation" sx={{ typography: 'caption', color: 'text.secondary' }}>
              {format.dayLabel(item.day)}
            </Divider>
          ) : (
            <Stack
              key={item.key}
              direction="row"
              spacing={1}
              data-testid="message-group"
              data-mine={item.mine}
              sx={{ alignItems: 'flex-end', justifyContent: item.mine ? 'flex-end' : 'flex-start' }}
            >
              {item.mine ? null : (
                <ContactAvatar id={contact.id} fullName={contact.fullName} avatar={contact.avatar} size={32} />
              )}
              <Stack
                spacing={0.5}
                sx={{ maxWidth: { xs: '85%', sm: '70%' }, alignItems: item.mine ? 'flex-end' : 'flex-start' }}
              >
                {item.messages.map((message) => {
                  const delivery = item.mine ? deliveryOf(message) : undefined;
                  const bubbleBox = (
                    <Box
                      key={message.id}
                      data-message-id={message.id}
                      title={format.full(message.time)}
                      sx={{
                        px: 1.75,
                        py: 1,
                        borderRadius: 2,
                        ...(item.mine
                          ? { bgcolor: 'primary.main', color: 'primary.contrastText', borderEndEndRadius: 4 }
                          : {
                              bgcolor: 'background.paper',
                              border: 1,
                              borderColor: 'divider',
                              borderEndStartRadius: 4,
                            }),
                        opacity: message.pending === 'sending' ? 0.7 : 1,
                      }}
                    >
                      <Typography
                        component="p"
                        variant="body2"
                        // The message's own direction, whatever the page's: "Lovely, thank you!" ends with "!".
                        dir="auto"
                        sx={{
                          whiteSpace: 'pre-wrap',
                          overflowWrap: 'anywhere',
                          unicodeBidi: 'plaintext',
                          textAlign: 'start',
                        }}
                      >
                        {message.message}
                      </Typography>
                    </Box>
                  );
                  return onRetryDelivery && canRetryDelivery(delivery) && delivery ? (
                    <Stack key={message.id} spacing={0.5} sx={{ alignItems: 'flex-end' }}>
                      {bubbleBox}
                      <DeliveryProblem
                        delivery={delivery}
                        channel={channelOf(message) ?? contactChannel}
                        retrying={retryingDeliveryId === message.id}
                        onRetry={() => onRetryDelivery(message.id)}
                      />
                    </Stack>
                  ) : (
                    bubbleBox
                  );
                })}
                <GroupFooter
                  mine={item.mine}
                  message={item.messages.at(-1)}
                  contactChannel={contactChannel}
                  time={format.time}
                  onRetry={onRetry}
                  onDiscard={onDiscard}
                />
              </Stack>
            </Stack>
          ),
        )}
      </Stack>
    </Box>
  );
};

const GroupFooter = ({
  mine,
  message,
  contactChannel,
  time,
  onRetry,
  onDiscard,
}: {
  mine: boolean;
  message: LogMessage | undefined;
  contactChannel: ChannelName | undefined;
  time: (iso: string) => string;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}) => {
  const { t } = useTranslation();
  if (!message) return null;
  const delivery = mine && !message.pending ? deliveryOf(message) : undefined;
  const incomingChannel = mine ? undefined : channelOf(message);
  if (message.pending === 'failed') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'error.main' }} role="alert">
        <ReceiptTicks receipt="failed" />
        <Typography variant="caption">{t('chat.composer.failed')}</Typography>
        <Button size="small" onClick={() => onRetry(message.id)}>
          {t('chat.composer.retry')}
        </Button>
        <Button size="small" color="inherit" onClick={() => onDiscard(message.id)}>
          {t('chat.composer.discard')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <Typography variant="caption" component="time" dateTime={message.time}>
        {time(message.time)}
      </Typography>
      {mine ? (
        delivery ? (
          <DeliveryTicks delivery={delivery} channel={channelOf(message) ?? contactChannel} />
        ) : (
          <ReceiptTicks receipt={receiptOf(message)} />
        )
      ) : incomingChannel ? (
        <Box component="span" sx={{ display: 'inline-flex', fontSize: 14 }}>
          <ChannelIcon channel={incomingChannel} />
        </Box>
      ) : null}
    </Stack>
  );
};
