import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../shared/i18n/i18n';
import { Icon } from './icons';
import { lazyShellMenu } from './shell-menu';

const { LazyShellMenu: LanguageMenu, preload } = lazyShellMenu(
  async () => (await import('./language-menu-items')).LanguageMenuItems,
);

/** Spec §4: choosing a language sets <html lang>, stores it, and sets right-to-left from its flag. */
export const LanguageSwitcher = () => {
  const { t, i18n } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        aria-label={t('shell.language.button', { language: t(`language.${i18n.language as 'en'}`) })}
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
        <Icon name="translate" />
      </IconButton>
      <LanguageMenu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('language.label') } }}
        items={{
          current: i18n.language,
          onChoose: (language) => {
            setAnchor(null);
            void changeLanguage(language);
          },
        }}
      />
    </>
  );
};
