import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTranslationParts } from '../../../shared/i18n/language-store';
import { useSession } from '../../../shared/session/use-session';
import { deferredOverlay } from '../../../shared/ui/deferred';
import { useUnreadCount } from '../api/unread';
import { useNotificationsLive } from '../realtime/use-notifications-live';
import { BellIcon } from './icons';
import type { NotificationsOverlayProps } from './notifications-overlay';

/**
 * The panel in its popover (a drawer at phone width), with its code and words (the bell's own are
 * in the shell's `core` part): downloaded on the first hover, focus or click, mounted from the
 * first opening on.
 */
const loadPanel = async () =>
  (await Promise.all([import('./notifications-overlay'), loadTranslationParts(['notifications'])]))[0];
const NotificationsOverlay = deferredOverlay<NotificationsOverlayProps>(async () => ({
  default: (await loadPanel()).NotificationsOverlay,
}));

/**
 * The navbar's bell (docs/user-view.md, "Notifications"): the unread count from one small request,
 * kept current over the shell's own WebSocket connection on every page, its label in the shell's
 * words; the panel (a popover, a drawer at phone width) and its words download when the bell is
 * first hovered, focused or clicked.
 */
export const NotificationBell = () => {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = Boolean(session.accessToken);
  const panelId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  useNotificationsLive(signedIn);
  const unread = useUnreadCount(signedIn);

  if (!signedIn) return null;
  const open = anchor !== null;
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={unread > 0 ? t('shell.notifications.bell', { count: unread }) : t('shell.notifications.bellNone')}
        aria-haspopup="dialog"
        aria-expanded={open ? true : undefined}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <BellIcon />
        {unread > 0 ? (
          // The count as MUI's Badge shows it (its module stays out of the shell's download).
          <Box
            component="span"
            aria-hidden
            data-testid="notification-badge"
            sx={{
              position: 'absolute',
              top: 2,
              right: 0,
              minWidth: 20,
              height: 20,
              px: 0.75,
              borderRadius: 10,
              bgcolor: 'error.main',
              color: 'error.contrastText',
              fontSize: '0.75rem',
              fontWeight: 500,
              lineHeight: '20px',
              textAlign: 'center',
              boxSizing: 'border-box',
            }}
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        ) : null}
      </IconButton>
      <NotificationsOverlay id={panelId} open={open} anchor={anchor} onClose={close} />
    </>
  );
};
