import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Notification } from '@orbit/functions/notifications/contract';
import { initialsOf, personAvatarColours } from '../../../shared/ui/person-avatar';
import { CloseIcon } from '../../../shared/ui/icons';
import { useMarkAllRead, useMarkRead, useNotificationList } from '../api/notifications';
import { useUnreadCount } from '../api/unread';
import { CheckIcon, DoneAllIcon } from './panel-icons';
import { notificationHref, notificationText, relativeTime } from './notification-text';

/**
 * The bell's panel: the user's notifications, newest first (avatar, text, when, an unread marker),
 * mark one or all read, and open one (which marks it read). Loaded with the bell's first use.
 */
export const NotificationsPanel = ({ onClose, phone }: { onClose: () => void; phone: boolean }) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useNotificationList();
  const unread = useUnreadCount(true);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate([notification.id]);
    onClose();
    void navigate(notificationHref(notification));
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight: 'inherit', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1, fontSize: '1.0625rem' }}>
          {t('shell.notifications.title')}
        </Typography>
        {unread > 0 ? (
          <Chip size="small" color="primary" label={t('notifications.newCount', { count: unread })} />
        ) : null}
        {/* Never disabled: a button disabled by its own click would drop the focus out of the panel. */}
        <Tooltip title={t('notifications.markAllRead')}>
          <IconButton
            size="small"
            aria-label={t('notifications.markAllRead')}
            onClick={() => {
              // Everything up to the newest row shown; one that arrives meanwhile stays unread.
              const newest = items[0];
              if (newest) markAllRead.mutate(newest.id);
            }}
          >
            <DoneAllIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {phone ? (
          <IconButton size="small" aria-label={t('notifications.close')} onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {list.isError ? (
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('notifications.loadFailed')}
            </Typography>
            <Button size="small" onClick={() => void list.refetch()}>
              {t('notifications.retry')}
            </Button>
          </Box>
        ) : list.isPending ? null : items.length === 0 ? (
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <Typography variant="subtitle1">{t('notifications.empty')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('notifications.emptyHint')}
            </Typography>
          </Box>
        ) : (
          <List disablePadding aria-label={t('shell.notifications.title')}>
            {items.map((notification) => (
              <ListItem
                key={notification.id}
                disablePadding
                divider
                secondaryAction={
                  notification.read ? undefined : (
                    <Tooltip title={t('notifications.markRead')}>
                      <IconButton
                        edge="end"
                        size="small"
                        aria-label={t('notifications.markRead')}
                        onClick={() => markRead.mutate([notification.id])}
                      >
                        <CheckIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )
                }
                sx={{ bgcolor: notification.read ? undefined : 'action.hover' }}
              >
                <ListItemButton onClick={() => open(notification)} sx={{ alignItems: 'flex-start', pr: 6 }}>
                  <ListItemAvatar>
                    <Avatar sx={{ ...personAvatarColours(notification.actor.id), width: 38, height: 38 }} aria-hidden>
                      {initialsOf(notification.actor.fullName)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      <>
                        {notification.read ? null : (
                          <Box
                            component="span"
                            sx={{
                              display: 'inline-block',
                              width: 8,
                              height: 8,
                              borderRadius: '50%',
                              bgcolor: 'primary.main',
                              mr: 1,
                              verticalAlign: 'middle',
                            }}
                            role="img"
                            aria-label={t('notifications.unread')}
                          />
                        )}
                        {notificationText(t, notification)}
                      </>
                    }
                    secondary={
                      <>
                        {notification.params.excerpt ? (
                          <Box
                            component="span"
                            sx={{
                              display: 'block',
                              overflow: 'hidden',
                              textOverflow: 'ellipsis',
                              whiteSpace: 'nowrap',
                            }}
                          >
                            {notification.params.excerpt}
                          </Box>
                        ) : null}
                        <Box component="time" dateTime={notification.createdAt} sx={{ display: 'block' }}>
                          {relativeTime(notification.createdAt, i18n.language)}
                        </Box>
                      </>
                    }
                    slotProps={{
                      primary: { variant: 'body2', sx: { fontWeight: notification.read ? 400 : 600 } },
                      secondary: { component: 'span', variant: 'caption' },
                    }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, p: 1 }}>
        <Button size="small" component={RouterLink} to="/user/view?tab=notifications" onClick={onClose}>
          {t('notifications.settings')}
        </Button>
        {list.hasNextPage ? (
          <Button size="small" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('notifications.loadMore')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
};
