import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTranslationParts } from '../../../shared/i18n/language-store';
import { useSession } from '../../../shared/session/use-session';
import { DeferredDrawer, DeferredPopover } from '../../../shared/ui/deferred';
import { useUnreadCount } from '../api/unread';
import { useNotificationsLive } from '../realtime/use-notifications-live';
import { BellIcon } from './icons';

const loadPanel = () => import('./notifications-panel');
const NotificationsPanel = lazy(async () => ({ default: (await loadPanel()).NotificationsPanel }));

/** Whether a media query matches now (a few lines rather than MUI's hook in the shell's download). */
const useMatches = (query: string): boolean => {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  const matches = () => window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, matches, matches);
};

/**
 * The navbar's bell (docs/user-view.md, "Notifications"): the unread count from one small request,
 * kept current over the shell's own WebSocket connection on every page; the panel (a popover, a
 * drawer at phone width) and its words download after the shell, so its first download stays as
 * it was.
 */
export const NotificationBell = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMatches(theme.breakpoints.down('sm').replace(/^@media\s*/, ''));
  const session = useSession();
  const signedIn = Boolean(session.accessToken);
  const [wordsReady, setWordsReady] = useState(false);
  const panelId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!signedIn) return undefined;
    let current = true;
    void loadTranslationParts(['notifications']).then(() => {
      if (current) setWordsReady(true);
    });
    return () => {
      current = false;
    };
  }, [signedIn]);
  useNotificationsLive(signedIn);
  const unread = useUnreadCount(signedIn);

  if (!signedIn) return null;
  // Its place is kept while its words arrive, so the navbar's other buttons do not move.
  if (!wordsReady) return <Box aria-hidden sx={{ width: 40, height: 40, flexShrink: 0 }} />;
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const horizontal = theme.direction === 'rtl' ? 'left' : 'right';
  const panel = (
    <Suspense fallback={null}>
      <NotificationsPanel onClose={close} phone={phone} />
    </Suspense>
  );
  return (
    <>
      <IconButton
        aria-label={unread > 0 ? t('notifications.bell', { count: unread }) : t('notifications.bellNone')}
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
      {phone ? (
        <DeferredDrawer
          id={panelId}
          anchor="bottom"
          open={open}
          onClose={close}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-label': t('notifications.title'),
              sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
            },
          }}
        >
          {panel}
        </DeferredDrawer>
      ) : (
        <DeferredPopover
          id={panelId}
          open={open}
          anchorEl={anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal }}
          transformOrigin={{ vertical: 'top', horizontal }}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-label': t('notifications.title'),
              sx: { mt: '6px', width: 380, maxWidth: 'calc(100vw - 32px)', maxHeight: 'min(560px, 80vh)' },
            },
          }}
        >
          {panel}
        </DeferredPopover>
      )}
    </>
  );
};
