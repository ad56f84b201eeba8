import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage, loadResources, setLanguage, startLanguage, subscribeToLanguage } from './language-store';
import { fallbackLanguage, languages, type Language } from './languages';

/**
 * i18next for the signed-in app (react-i18next's useTranslation). It follows the language store
 * (language-store.ts), which owns the active language, its resources, <html lang/dir> and the
 * stored choice; only the active language's resources are downloaded. The shell's layout chunk
 * initialises it, so the signed-out pages never download it.
 */

const follow = async (): Promise<void> => {
  const language = currentLanguage();
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loadResources(language), true, true);
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
};

let initialised: Promise<void> | undefined;

/** Initialise i18next with the stored language (or English), before the first signed-in render. */
export const initI18n = (): Promise<void> => {
  initialised ??= (async () => {
    await startLanguage();
    const language = currentLanguage();
    await i18n.use(initReactI18next).init({
      resources: { [language]: { translation: await loadResources(language) } },
      lng: language,
      fallbackLng: fallbackLanguage,
      supportedLngs: languages.map((l) => l.i18nLang),
      interpolation: { escapeValue: false }, // React escapes
    });
    subscribeToLanguage(() => void follow());
  })();
  return initialised;
};

/**
 * Change the interface language (spec §4): resources first, then <html lang/dir>, the stored
 * choice, and i18next.
 */
export const changeLanguage = async (language: Language): Promise<void> => {
  await setLanguage(language);
  if (i18n.isInitialized) await follow();
};

export { i18n };
