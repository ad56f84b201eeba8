import Badge from '@mui/material/Badge';
import ButtonBase from '@mui/material/ButtonBase';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDefaultSettings } from '../../shared/theme/settings';
import { useSettings } from '../../shared/theme/use-settings';
import { DeferredDrawer } from '../../shared/ui/deferred';
import { Icon } from './icons';
import { customizerId } from './layout-state';

const loadPanel = () => import('./customizer-panel');
const CustomizerPanel = lazy(async () => ({ default: (await loadPanel()).CustomizerPanel }));

/**
 * The customizer: a tab on the window's end edge opens a panel with every appearance and layout
 * setting, and a reset (its code loads on first use).
 */
export const Customizer = () => {
  const { t } = useTranslation();
  const settings = useSettings();
  const [open, setOpen] = useState(false);
  const changed = !isDefaultSettings(settings);
  return (
    <>
      <ButtonBase
        aria-label={t('customizer.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? customizerId : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(true)}
        sx={{
          position: 'fixed',
          top: '50%',
          insetInlineEnd: 0,
          zIndex: (theme) => theme.zIndex.drawer - 1,
          width: 38,
          height: 38,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          borderStartStartRadius: 8,
          borderEndStartRadius: 8,
          boxShadow: 3,
          '& svg': { animation: 'orbit-spin 6s linear infinite' },
          '@keyframes orbit-spin': { to: { transform: 'rotate(360deg)' } },
          '@media (prefers-reduced-motion: reduce)': { '& svg': { animation: 'none' } },
        }}
      >
        <Badge variant="dot" color="warning" invisible={!changed} overlap="circular">
          <Icon name="settings" fontSize="small" />
        </Badge>
      </ButtonBase>
      <DeferredDrawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          paper: {
            id: customizerId,
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': `${customizerId}-title`,
            sx: { width: 400, maxWidth: '100vw' },
          },
        }}
      >
        <Suspense fallback={null}>
          <CustomizerPanel onClose={() => setOpen(false)} />
        </Suspense>
      </DeferredDrawer>
    </>
  );
};
