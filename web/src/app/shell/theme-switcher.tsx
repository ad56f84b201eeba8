import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateSettings } from '../../shared/theme/settings';
import { useSettings } from '../../shared/theme/use-settings';
import { Icon, themeIcon } from './icons';
import { lazyShellMenu } from './shell-menu';

const { LazyShellMenu: ThemeMenu, preload } = lazyShellMenu(
  async () => (await import('./theme-menu-items')).ThemeMenuItems,
);

/** Spec §4: light, dark, or system (which follows the operating system, live). */
export const ThemeSwitcher = () => {
  const { t } = useTranslation();
  const { theme } = useSettings();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label={t('shell.theme.button', { theme: t(`shell.theme.${theme}`) })}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          preload();
          setAnchor(event.currentTarget);
        }}
      >
        <Icon name={themeIcon[theme]} />
      </IconButton>
      <ThemeMenu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('shell.theme.label') } }}
        items={{
          current: theme,
          onChoose: (mode) => {
            updateSettings({ theme: mode });
            setAnchor(null);
          },
        }}
      />
    </>
  );
};
