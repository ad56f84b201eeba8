import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ChatContactStatus } from '@orbit/functions/chat/contract';
import type { ScheduledMessage } from '@orbit/functions/chat/scheduled-contract';
import { useAppAbility, useSession } from '../../shared/session/use-session';
import { DeferredSnackbar, deferredOverlay } from '../../shared/ui/deferred';
import { PageTitle } from '../../shared/ui/page-title';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { openChatQueryOptions, useChatsAndContacts, useUpdateContactStatus } from './api/chat-api';
import { applyContactStatus } from './api/chat-cache';
import { ContactList } from './components/contact-list';
import { ChatBubbleIcon } from './components/icons';
import { useChatRealtime } from './realtime/use-chat-realtime';

/**
 * What the page does not show on arrival loads when it is first wanted: the two side panels (a
 * drawer, radios, switches, a select) on their first opening, the conversation (log, composer)
 * when a chat is opened, and starting as soon as a contact is pointed at or focused. Every visit
 * would otherwise download and run them before showing the list.
 */
const ProfilePanel = deferredOverlay(async () => ({ default: (await import('./components/panels')).ProfilePanel }));
const ContactPanel = deferredOverlay(async () => ({ default: (await import('./components/panels')).ContactPanel }));
const loadConversation = () => import('./components/conversation');
const Conversation = lazy(async () => ({ default: (await loadConversation()).Conversation }));
const preloadConversation = () => void loadConversation();

const searchDelayMs = 250;

const useDebounced = <T,>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * /apps/chat (fixed-height layout): contacts and chats on one side, the open conversation on
 * the other, live over the WebSocket. The open chat is the URL's `?contact=` so reload and Back
 * keep it; under 960 px one side shows at a time.
 */
export const ChatPage = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const session = useSession();
  const ability = useAppAbility();
  const queryClient = useQueryClient();
  const me = typeof session.userData?.id === 'string' ? session.userData.id : '';
  const [params, setParams] = useSearchParams();
  const activeContactId = params.get('contact');

  const [q, setQ] = useState('');
  const [statuses, setStatuses] = useState<ChatContactStatus[]>([]);
  const debouncedQ = useDebounced(q, searchDelayMs);
  const list = useChatsAndContacts({ q: debouncedQ, statusFilter: statuses.join(',') });
  const [notice, setNotice] = useState<string | null>(null);
  const contactsById = list.data?.contacts;
  const onScheduledDone = useCallback(
    (scheduled: ScheduledMessage) => {
      const name = contactsById?.find((contact) => contact.id === scheduled.contactId)?.fullName ?? '';
      setNotice(t(scheduled.status === 'sent' ? 'chat.later.sent' : 'chat.later.failed', { name }));
    },
    [contactsById, t],
  );
  const realtime = useChatRealtime(me, activeContactId, onScheduledDone);

  const [profileOpen, setProfileOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const changeStatus = useUpdateContactStatus();
  // The open chat's contact, from the cache the conversation fills (no request of its own).
  const openChat = useQuery({ ...openChatQueryOptions(activeContactId ?? ''), enabled: false });
  const activeContact = activeContactId ? openChat.data?.contact : undefined;

  // Stable, so the contact list's rows (memoised) are not drawn again on every change of the page.
  const select = useCallback(
    (contactId: string) => {
      if (contactId !== activeContactId) setParams({ contact: contactId });
    },
    [activeContactId, setParams],
  );
  const back = () => setParams({});

  const onPresence = (status: 'online' | 'away') => {
    if (realtime.send({ action: 'presence', status })) applyContactStatus(queryClient, me, status);
  };

  const onChangeStatus = (status: ChatContactStatus) => {
    if (!activeContact) return;
    changeStatus.mutate(
      { userId: activeContact.id, status },
      {
        onSuccess: ({ contact }) =>
          setNotice(t('chat.contact.saved', { name: contact.fullName, status: t(`chat.statuses.${contact.status}`) })),
      },
    );
  };

  const showList = wide || !activeContactId;
  const showConversation = wide || Boolean(activeContactId);

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <PageTitle title={t('chat.title')} />
      <Typography variant="h4" component="h1" sx={visuallyHidden}>
        {t('chat.heading')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: 'flex', overflow: 'hidden', borderRadius: { xs: 2, md: 3 } }}
        data-testid="chat-app"
      >
        {showList ? (
          <Box
            component="aside"
            aria-label={t('chat.sections.chats')}
            sx={{
              width: wide ? 340 : '100%',
              flexShrink: 0,
              borderInlineEnd: wide ? 1 : 0,
              borderColor: 'divider',
              minHeight: 0,
            }}
          >
            <ContactList
              me={me}
              data={list.data}
              loading={list.isFetching && !list.data}
              failed={list.isError}
              onRetry={() => void list.refetch()}
              activeContactId={activeContactId}
              onSelect={select}
              q={q}
              onQ={setQ}
              statuses={statuses}
              onStatuses={setStatuses}
              typing={realtime.typing}
              connection={realtime.state}
              onOpenProfile={() => setProfileOpen(true)}
              onPreloadChat={preloadConversation}
            />
          </Box>
        ) : null}
        {showConversation ? (
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex' }}>
            {activeContactId ? (
              <Suspense fallback={<Box sx={{ flex: 1 }} aria-busy="true" />}>
                <Conversation
                  key={activeContactId}
                  me={me}
                  contactId={activeContactId}
                  typing={realtime.typing.has(activeContactId)}
                  onTyping={(isTyping) => realtime.send({ action: 'typing', contactId: activeContactId, isTyping })}
                  showBack={!wide}
                  onBack={back}
                  onOpenDetails={() => setDetailsOpen(true)}
                />
              </Suspense>
            ) : (
              <Stack
                spacing={1.5}
                sx={{ flex: 1, alignItems: 'center', justifyContent: 'center', p: 3, textAlign: 'center' }}
              >
                <ChatBubbleIcon sx={{ fontSize: 56, color: 'primary.main' }} />
                <Typography variant="h6" component="p">
                  {t('chat.empty.pick')}
                </Typography>
                <Typography color="text.secondary">{t('chat.empty.pickHint')}</Typography>
              </Stack>
            )}
          </Box>
        ) : null}
      </Paper>
      <ProfilePanel
        open={profileOpen}
        onClose={() => setProfileOpen(false)}
        profile={list.data?.profileUser}
        onPresence={onPresence}
      />
      <ContactPanel
        open={detailsOpen && Boolean(activeContact)}
        onClose={() => {
          setDetailsOpen(false);
          changeStatus.reset();
        }}
        contact={activeContact}
        canChangeStatus={ability.can('update', 'Contact')}
        onChangeStatus={onChangeStatus}
        changing={changeStatus.isPending}
        error={changeStatus.isError}
      />
      <DeferredSnackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={notice}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </Stack>
  );
};
