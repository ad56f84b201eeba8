import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { updateSettings } from '../../shared/theme/settings';
import { useSettings } from '../../shared/theme/use-settings';
import { Icon, themeIcon } from './icons';
import { useMenuButton } from '../../shared/ui/use-menu-button';
import { lazyShellMenu } from './shell-menu';

const { LazyShellMenu: ThemeMenu, preload } = lazyShellMenu(
  async () => (await import('./theme-menu-items')).ThemeMenuItems,
);

/** docs/product.md#behaviour: light, dark, or system (which follows the operating system, live). */
export const ThemeSwitcher = () => {
  const { t } = useTranslation();
  const { theme } = useSettings();
  const menu = useMenuButton(preload);
  return (
    <>
      <IconButton aria-label={t('shell.theme.button', { theme: t(`shell.theme.${theme}`) })} {...menu.buttonProps}>
        <Icon name={themeIcon[theme]} />
      </IconButton>
      <ThemeMenu
        {...menu.menuProps}
        slotProps={{ list: { 'aria-label': t('shell.theme.label') } }}
        items={{
          current: theme,
          onChoose: (mode) => {
            updateSettings({ theme: mode });
            menu.close();
          },
        }}
      />
    </>
  );
};
