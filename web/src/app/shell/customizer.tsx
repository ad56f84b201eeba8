import ButtonBase from '@mui/material/ButtonBase';
import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { isDefaultSettings } from '../../shared/theme/settings';
import { useSettings } from '../../shared/theme/use-settings';
import { deferredOverlay } from '../../shared/ui/deferred';
import { customizerId } from './layout-state';
import { Icon } from './icons';
import { setCustomizerOpen, useCustomizerOpen } from './customizer-state';

const loadPanel = () => import('./customizer-panel');
/** The panel in its drawer: downloaded on the tab's first hover, focus or click, mounted from the first opening. */
const CustomizerDrawer = deferredOverlay<{ open: boolean; onClose: () => void }>(async () => ({
  default: (await loadPanel()).CustomizerDrawer,
}));

const IconWithDot = styled('span')({ position: 'relative', display: 'inline-flex', flexShrink: 0 });

/**
 * A dot on the icon's top end corner while any setting differs from the defaults: MUI's dot
 * badge (8 px, warning colour, at 14% of a circle's edge, scaling in and out), without the module.
 * Decorative, as the badge was: the panel's reset button says the same in words.
 */
const ChangedDot = styled('span', { shouldForwardProp: (prop) => prop !== 'shown' })<{ shown: boolean }>(
  ({ theme, shown }) => ({
    position: 'absolute',
    top: 'calc(14% - 4px)',
    insetInlineEnd: 'calc(14% - 4px)',
    zIndex: 1,
    width: 8,
    height: 8,
    borderRadius: 4,
    backgroundColor: (theme.vars ?? theme).palette.warning.main,
    transform: shown ? 'none' : 'scale(0)',
    transition: theme.transitions.create('transform', {
      easing: theme.transitions.easing.easeInOut,
      duration: shown ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen,
    }),
    '@media (forced-colors: active)': { border: '1px solid ButtonBorder' },
  }),
);

/**
 * The customizer: a tab on the window's end edge opens a panel with every appearance and layout
 * setting, and a reset (its code loads on first use).
 */
export const Customizer = () => {
  const { t } = useTranslation();
  const settings = useSettings();
  const open = useCustomizerOpen();
  const setOpen = setCustomizerOpen;
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
          // Phones open the customizer from the user menu: a tab here would cover form fields.
          display: { xs: 'none', sm: 'inline-flex' },
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
          // The cog turns while pointed at or focused, not for ever: endless motion nobody can
          // pause fails WCAG 2.2.2, and it kept every open page repainting sixty times a second.
          '&:hover svg, &:focus-visible svg': { animation: 'orbit-spin 6s linear infinite' },
          '@keyframes orbit-spin': { to: { transform: 'rotate(360deg)' } },
          '@media (prefers-reduced-motion: reduce)': { '&:hover svg, &:focus-visible svg': { animation: 'none' } },
        }}
      >
        <IconWithDot>
          <Icon name="settings" fontSize="small" />
          <ChangedDot aria-hidden shown={changed} />
        </IconWithDot>
      </ButtonBase>
      <CustomizerDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
};
