import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage, loadedParts, setLanguage, startLanguage, subscribeToLanguage } from './language-store';
import { fallbackLanguage, languages, type Language } from './languages';
import type { TranslationTree } from './translation-parts';

/**
 * i18next for the signed-in app (react-i18next's useTranslation). It follows the language store
 * (language-store.ts), which owns the active language, its translations, <html lang/dir> and the
 * stored choice. The store downloads translations by part (translation-parts.ts); i18next gets each
 * part as it arrives, deep-merged into its one `translation` namespace, so keys do not name their
 * part. The shell's layout chunk initialises it, so the signed-out pages never download it.
 */

/** The parts already handed to i18next, as `language/part`. */
const handedOver = new Set<string>();

/** The store's parts that i18next does not have yet, marked as handed over. */
const takeNewParts = () =>
  loadedParts().filter(({ language, part }) => {
    const id = `${language}/${part}`;
    if (handedOver.has(id)) return false;
    handedOver.add(id);
    return true;
  });

const addNewParts = (): void => {
  for (const { language, resources } of takeNewParts()) {
    i18n.addResourceBundle(language, 'translation', resources, true, true);
  }
};

/**
 * Runs when the store's language changes or a part of it arrives: the new words first, without
 * waiting, so that a page waiting for its part renders with them.
 */
const follow = async (): Promise<void> => {
  addNewParts();
  const language = currentLanguage();
  if (i18n.language !== language) await i18n.changeLanguage(language);
};

let initialised: Promise<void> | undefined;

/** Initialise i18next with the stored language (or English), before the first signed-in render. */
export const initI18n = (): Promise<void> => {
  initialised ??= (async () => {
    await startLanguage();
    const resources: Record<string, { translation: TranslationTree }> = {};
    for (const { language, resources: part } of takeNewParts()) {
      // Copies: i18next merges later parts into the objects it starts with.
      resources[language] = { translation: { ...resources[language]?.translation, ...structuredClone(part) } };
    }
    await i18n.use(initReactI18next).init({
      resources,
      lng: currentLanguage(),
      fallbackLng: fallbackLanguage,
      supportedLngs: languages.map((l) => l.i18nLang),
      interpolation: { escapeValue: false }, // React escapes
    });
    // Parts that arrived while i18next started, then every later change.
    addNewParts();
    subscribeToLanguage(() => void follow());
  })();
  return initialised;
};

/**
 * Change the interface language (docs/product.md#behaviour): every part loaded so far in the new language
 * first, then <html lang/dir>, the stored choice, and i18next.
 */
export const changeLanguage = async (language: Language): Promise<void> => {
  await setLanguage(language);
  if (i18n.isInitialized) await follow();
};

export { i18n };
