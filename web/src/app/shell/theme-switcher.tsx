import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingOptions, updateSettings, type ThemeMode } from '../../shared/theme/settings';
import { useSettings } from '../../shared/theme/use-settings';
import { Icon, type IconName } from './icons';
import { ShellMenu } from './shell-menu';

const themeIcon: Record<ThemeMode, IconName> = { light: 'light', dark: 'dark', system: 'system' };

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
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Icon name={themeIcon[theme]} />
      </IconButton>
      <ShellMenu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('shell.theme.label') } }}
      >
        {settingOptions.theme.map((mode) => (
          <MenuItem
            key={mode}
            role="menuitemradio"
            aria-checked={theme === mode}
            selected={theme === mode}
            onClick={() => {
              updateSettings({ theme: mode });
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <Icon name={themeIcon[mode]} fontSize="small" />
            </ListItemIcon>
            {t(`shell.theme.${mode}`)}
          </MenuItem>
        ))}
      </ShellMenu>
    </>
  );
};
