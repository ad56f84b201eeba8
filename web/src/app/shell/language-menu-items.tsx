import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '../../shared/i18n/languages';

/**
 * The language menu's choices, one checked, each named in its own language (loaded with the
 * menu: see ShellMenu).
 */
export const LanguageMenuItems = ({
  current,
  onChoose,
}: {
  current: string;
  onChoose: (language: Language) => void;
}) => {
  const { t } = useTranslation();
  return languages.map(({ i18nLang }) => (
    <MenuItem
      key={i18nLang}
      lang={i18nLang}
      role="menuitemradio"
      aria-checked={current === i18nLang}
      selected={current === i18nLang}
      onClick={() => onChoose(i18nLang)}
    >
      {t(`language.${i18nLang}`)}
    </MenuItem>
  ));
};
