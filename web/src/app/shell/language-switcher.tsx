import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../shared/i18n/i18n';
import { languages } from '../../shared/i18n/languages';
import { Icon } from './icons';
import { ShellMenu } from './shell-menu';

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
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Icon name="translate" />
      </IconButton>
      <ShellMenu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('language.label') } }}
      >
        {languages.map(({ i18nLang }) => (
          <MenuItem
            key={i18nLang}
            lang={i18nLang}
            role="menuitemradio"
            aria-checked={i18n.language === i18nLang}
            selected={i18n.language === i18nLang}
            onClick={() => {
              setAnchor(null);
              void changeLanguage(i18nLang);
            }}
          >
            {t(`language.${i18nLang}`)}
          </MenuItem>
        ))}
      </ShellMenu>
    </>
  );
};
