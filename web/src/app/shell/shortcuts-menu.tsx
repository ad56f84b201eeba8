import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredPopover } from '../../shared/ui/deferred';
import { Icon } from './icons';
import { popoverOffset, SlideYReverse } from './slide-y-reverse';

const loadPanel = () => import('./shortcuts-panel');
const ShortcutsPanel = lazy(async () => ({ default: (await loadPanel()).ShortcutsPanel }));

/** The navbar's shortcuts: a grid of pinned pages, editable in place (its code loads on first use). */
export const ShortcutsMenu = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const panelId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const horizontal = theme.direction === 'rtl' ? 'left' : 'right';
  return (
    <>
      <IconButton
        aria-label={t('shortcuts.button')}
        aria-haspopup="dialog"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? panelId : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Icon name="shortcuts" />
      </IconButton>
      <DeferredPopover
        id={panelId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal }}
        transformOrigin={{ vertical: 'top', horizontal }}
        slots={{ transition: SlideYReverse }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('shortcuts.title'),
            sx: { mt: `${popoverOffset}px`, width: 360, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
      >
        <Suspense fallback={null}>
          <ShortcutsPanel onNavigate={() => setAnchor(null)} />
        </Suspense>
      </DeferredPopover>
    </>
  );
};
