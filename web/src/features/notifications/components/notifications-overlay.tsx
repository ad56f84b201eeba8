import Drawer from '@mui/material/Drawer';
import Popover from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { NotificationsPanel } from './notifications-panel';

export interface NotificationsOverlayProps {
  readonly id: string;
  readonly open: boolean;
  readonly anchor: HTMLElement | null;
  readonly onClose: () => void;
}

/** The bell's panel under the bell, or as a drawer from the bottom at phone width. */
export const NotificationsOverlay = ({ id, open, anchor, onClose }: NotificationsOverlayProps) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm').replace(/^@media\s*/, ''));
  const panel = <NotificationsPanel onClose={onClose} phone={phone} />;
  if (phone)
    return (
      <Drawer
        id={id}
        anchor="bottom"
        open={open}
        onClose={onClose}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('shell.notifications.title'),
            sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
          },
        }}
      >
        {panel}
      </Drawer>
    );
  const horizontal = theme.direction === 'rtl' ? 'left' : 'right';
  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal }}
      transformOrigin={{ vertical: 'top', horizontal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': t('shell.notifications.title'),
          sx: { mt: '6px', width: 380, maxWidth: 'calc(100vw - 32px)', maxHeight: 'min(560px, 80vh)' },
        },
      }}
    >
      {panel}
    </Popover>
  );
};
