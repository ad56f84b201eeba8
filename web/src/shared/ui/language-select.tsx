import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { isLanguage, languages } from '../i18n/languages';

/** Choose the interface language (spec §4: sets <html lang>, stores it, right-to-left for Arabic). */
export const LanguageSelect = ({ size = 'small' }: { size?: 'small' | 'medium' }) => {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <TextField
      id={id}
      select
      size={size}
      label={t('language.label')}
      value={isLanguage(i18n.language) ? i18n.language : 'en'}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
      }}
      // A native select: right for every device and keyboard, and no menu code on the sign-in page.
      slotProps={{ select: { native: true }, htmlInput: { name: 'language' } }}
      sx={{ minWidth: { xs: 112, sm: 140 } }}
    >
      {languages.map(({ i18nLang }) => (
        <option key={i18nLang} value={i18nLang} lang={i18nLang}>
          {t(`language.${i18nLang}`)}
        </option>
      ))}
    </TextField>
  );
};
