import { setLanguage } from '../../i18n/language-store';
import { isLanguage, languages } from '../../i18n/languages';
import { useText } from '../../i18n/translate';
import { PlainNativeSelect } from './plain';

/** Choose the interface language (docs/product.md#behaviour: sets <html lang>, stores it, right-to-left for Arabic). */
export const PlainLanguageSelect = () => {
  const { t, language } = useText();
  return (
    <PlainNativeSelect
      label={t('language.label')}
      hideLabel
      name="language"
      value={language}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void setLanguage(event.target.value);
      }}
    >
      {languages.map(({ i18nLang }) => (
        <option key={i18nLang} value={i18nLang} lang={i18nLang}>
          {t(`language.${i18nLang}`)}
        </option>
      ))}
    </PlainNativeSelect>
  );
};
