import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../shared/i18n/i18n';
import { Icon } from './icons';
import { useMenuButton } from '../../shared/ui/use-menu-button';
import { lazyShellMenu } from './shell-menu';

const { LazyShellMenu: LanguageMenu, preload } = lazyShellMenu(
  async () => (await import('./language-menu-items')).LanguageMenuItems,
);

/** docs/product.md#behaviour: choosing a language sets <html lang>, stores it, and sets right-to-left from its flag. */
export const LanguageSwitcher = () => {
  const { t, i18n } = useTranslation();
  const menu = useMenuButton(preload);
  return (
    <>
      <IconButton
        aria-label={t('shell.language.button', { language: t(`language.${i18n.language as 'en'}`) })}
        {...menu.buttonProps}
      >
        <Icon name="translate" />
      </IconButton>
      <LanguageMenu
        {...menu.menuProps}
        slotProps={{ list: { 'aria-label': t('language.label') } }}
        items={{
          current: i18n.language,
          onChoose: (language) => {
            menu.close();
            void changeLanguage(language);
          },
        }}
      />
    </>
  );
};
