import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useDeferredValue, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatContactStatus, ChatsAndContactsResponse, Contact } from '@orbit/functions/chat/contract';
import type { SocketState } from '../realtime/chat-socket';
import { roleLabel } from '../../../shared/i18n/role-label';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { ChannelIcon } from './channel-icon';
import { ContactAvatar } from './contact-avatar';
import { channelOf } from '../utils/channel';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { SearchIcon } from '../../../shared/ui/icons';
import { ListSearchField } from '../../../shared/ui/list-fields';
import { StatusFilter } from './status-filter';
import { isLeadStage } from '../utils/status';

export interface ContactListProps {
  readonly me: string;
  readonly data: ChatsAndContactsResponse | undefined;
  readonly loading: boolean;
  readonly failed: boolean;
  readonly onRetry: () => void;
  readonly activeContactId: string | null;
  readonly onSelect: (contactId: string) => void;
  readonly q: string;
  readonly onQ: (q: string) => void;
  readonly statuses: readonly ChatContactStatus[];
  readonly onStatuses: (statuses: ChatContactStatus[]) => void;
  readonly typing: ReadonlySet<string>;
  readonly connection: SocketState;
  readonly onOpenProfile: () => void;
  /** A contact was pointed at or focused: the conversation's code may start loading. */
  readonly onPreloadChat: () => void;
}

const useShortTime = () => {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' });
    const date = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' });
    return (iso: string) => {
      const value = new Date(iso);
      return value.toDateString() === new Date().toDateString() ? time.format(value) : date.format(value);
    };
  }, [i18n.language]);
};

/** The person's role, translated when it is one the app knows. */
export const useRoleLabel = () => {
  const { t } = useTranslation();
  return (role: string) => roleLabel(t, role);
};

const ConnectionState = ({ state }: { state: SocketState }) => {
  const { t } = useTranslation();
  const live = state === 'open';
  const label = live
    ? t('chat.connection.open')
    : state === 'connecting'
      ? t('chat.connection.connecting')
      : t('chat.connection.reconnecting');
  return (
    <Stack
      direction="row"
      spacing={0.75}
      role="status"
      data-state={state}
      sx={{ alignItems: 'center', color: 'text.secondary' }}
    >
      <Box
        component="span"
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: live ? 'success.main' : 'warning.main',
          flexShrink: 0,
        }}
      />
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
};

/** A section's line when it has nobody to list. */
const EmptyNote = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
    {children}
  </Typography>
);

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Box component="section" aria-labelledby={id}>
    <Typography
      id={id}
      variant="overline"
      component="h2"
      color="primary"
      sx={{ px: 2, pt: 1.5, display: 'block', fontWeight: 700 }}
    >
      {title}
    </Typography>
    {children}
  </Box>
);

interface ContactSectionsProps {
  readonly me: string;
  readonly data: ChatsAndContactsResponse;
  readonly activeContactId: string | null;
  readonly onSelect: (contactId: string) => void;
  readonly typing: ReadonlySet<string>;
  readonly onPreloadChat: () => void;
}

/**
 * The chats, newest first with unseen badges, then the contacts without a chat yet. Memoised: the
 * column above it (search, filter, connection state) changes more often than the list does.
 */
const ContactSections = memo(function ContactSections({
  me,
  data,
  activeContactId,
  onSelect,
  typing,
  onPreloadChat,
}: ContactSectionsProps) {
  const { t } = useTranslation();
  const shortTime = useShortTime();
  const roleLabel = useRoleLabel();
  const withChat = new Set(data.chatsContacts.map((contact) => contact.id));
  const others = data.contacts.filter((contact) => !withChat.has(contact.id));

  const contactButton = (contact: Contact, secondary: ReactNode, aside?: ReactNode) => (
    <li key={contact.id}>
      <ListItemButton
        selected={contact.id === activeContactId}
        aria-current={contact.id === activeContactId ? 'true' : undefined}
        onClick={() => onSelect(contact.id)}
        onPointerEnter={onPreloadChat}
        onFocus={onPreloadChat}
        data-contact-id={contact.id}
        sx={{ gap: 1.5, borderRadius: 2, mx: 1, alignItems: 'center' }}
      >
        <ContactAvatar id={contact.id} fullName={contact.fullName} avatar={contact.avatar} status={contact.status} />
        <ListItemText
          primary={
            <>
              <bdi>{contact.fullName}</bdi>
              {channelOf(contact) ? (
                <ChannelIcon
                  channel={channelOf(contact) ?? 'webhook'}
                  sx={{ marginInlineStart: 0.75, verticalAlign: 'middle', fontSize: 16, color: 'text.secondary' }}
                />
              ) : null}
            </>
          }
          secondary={secondary}
          slotProps={{
            primary: { noWrap: true, dir: 'auto', sx: { fontWeight: 600 } },
            secondary: { noWrap: true, component: 'span', dir: 'auto', sx: { display: 'block' } },
          }}
          sx={{ minWidth: 0, my: 0 }}
        />
        {aside}
      </ListItemButton>
    </li>
  );

  return (
    <>
      <Section id="chat-section-chats" title={t('chat.sections.chats')}>
        {data.chatsContacts.length === 0 ? (
          <EmptyNote>{t('chat.empty.chats')}</EmptyNote>
        ) : (
          <List dense disablePadding>
            {data.chatsContacts.map((contact) =>
              contactButton(
                contact,
                typing.has(contact.id) ? (
                  <Typography component="span" variant="body2" color="primary" sx={{ fontStyle: 'italic' }}>
                    {t('chat.typing', { name: contact.fullName })}
                  </Typography>
                ) : (
                  // The preview takes the direction of what was written, so an English message on an
                  // Arabic page reads (and is cut off) from its own end; the name is isolated likewise.
                  <>
                    {contact.chat.lastMessage.senderId === me ? `${t('chat.log.you')}: ` : ''}
                    <bdi>{contact.chat.lastMessage.message}</bdi>
                  </>
                ),
                <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="time"
                    dateTime={contact.chat.lastMessage.time}
                  >
                    {shortTime(contact.chat.lastMessage.time)}
                  </Typography>
                  {contact.chat.unseenMsgs > 0 ? (
                    <Badge
                      badgeContent={contact.chat.unseenMsgs}
                      color="error"
                      max={99}
                      data-testid="unseen-badge"
                      aria-label={t('chat.unseen', { count: contact.chat.unseenMsgs })}
                      sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                    />
                  ) : null}
                </Stack>,
              ),
            )}
          </List>
        )}
      </Section>
      <Section id="chat-section-contacts" title={t('chat.sections.contacts')}>
        {others.length === 0 && data.contacts.length === 0 ? (
          <EmptyNote>{t('chat.empty.contacts')}</EmptyNote>
        ) : (
          <List dense disablePadding>
            {others.map((contact) =>
              contactButton(
                contact,
                contact.about || roleLabel(contact.role),
                isLeadStage(contact.status) ? (
                  <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                    {t(`chat.statuses.${contact.status}`)}
                  </Typography>
                ) : undefined,
              ),
            )}
          </List>
        )}
      </Section>
    </>
  );
});

/**
 * The left column: the user (opens their profile), search and status filter (the q and statusFilter of
 * docs/product.md#calls), chats newest first with unseen badges, then the contacts without a chat yet.
 */
export const ContactList = ({
  me,
  data,
  loading,
  failed,
  onRetry,
  activeContactId,
  onSelect,
  q,
  onQ,
  statuses,
  onStatuses,
  typing,
  connection,
  onOpenProfile,
  onPreloadChat,
}: ContactListProps) => {
  const { t } = useTranslation();
  const profile = data?.profileUser;
  // The rows are drawn from a deferred copy of the answer: in slices, between which the browser
  // stays responsive, rather than in the one long task that delivers the answer.
  const listed = useDeferredValue(data);
  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Stack spacing={1.5} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {/* Named by hidden text, not aria-label: the avatar's initials are not part of its name. */}
          <IconButton onClick={onOpenProfile} sx={{ p: 0 }} disabled={!profile}>
            <Box component="span" sx={visuallyHidden}>
              {t('chat.profile.open')}
            </Box>
            {profile ? (
              <ContactAvatar
                id={profile.id}
                fullName={profile.fullName}
                avatar={profile.avatar}
                status={profile.status}
              />
            ) : (
              <Box sx={{ width: 40, height: 40 }} />
            )}
          </IconButton>
          <ListSearchField
            label={t('chat.search.label')}
            hideLabel
            placeholder={t('chat.search.placeholder')}
            value={q}
            onChange={onQ}
            icon={<SearchIcon fontSize="small" />}
            sx={{ width: '100%' }}
          />
        </Stack>
        <StatusFilter statuses={statuses} onStatuses={onStatuses} />
        <ConnectionState state={connection} />
      </Stack>
      {loading ? <LinearProgress aria-label={t('app.loading')} /> : null}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', pb: 2 }}>
        {failed && !data ? (
          <Box sx={{ m: 2 }}>
            <LoadFailedAlert actionLabel={t('chat.errors.retry')} onAction={onRetry}>
              {t('chat.errors.load')}
            </LoadFailedAlert>
          </Box>
        ) : null}
        {listed ? (
          <ContactSections
            me={me}
            data={listed}
            activeContactId={activeContactId}
            onSelect={onSelect}
            typing={typing}
            onPreloadChat={onPreloadChat}
          />
        ) : null}
      </Box>
    </Stack>
  );
};
