import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadEmotionCache } from '../theme/emotion-cache';
import {
  defaultLanguage,
  directionOf,
  fallbackLanguage,
  isLanguage,
  languageStorageKey,
  languages,
  type Language,
} from './languages';
import en from './locales/en';
import type { TranslationShape } from './locales/en';

/** English ships in the entry chunk; the other languages load when chosen. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: TranslationShape }>> = {
  fr: () => import('./locales/fr'),
  ar: () => import('./locales/ar'),
};

const loadResources = async (language: Language): Promise<void> => {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const { default: resources } = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', resources, true, true);
};

const readStoredLanguage = (): Language => {
  try {
    const stored = localStorage.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
};

/** Spec §4: the document language and direction follow the interface language. */
const applyToDocument = (language: string): void => {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
};

let initialised: Promise<void> | undefined;

/** Initialise i18next with the stored language (or English), before the first render. */
export const initI18n = (): Promise<void> => {
  initialised ??= (async () => {
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: defaultLanguage,
      fallbackLng: fallbackLanguage,
      supportedLngs: languages.map((l) => l.i18nLang),
      interpolation: { escapeValue: false }, // React escapes
    });
    i18n.on('languageChanged', applyToDocument);
    applyToDocument(defaultLanguage);
    const stored = readStoredLanguage();
    if (stored !== defaultLanguage) await switchLanguage(stored, { remember: false });
  })();
  return initialised;
};

/**
 * Change the interface language: load its resources (and the right-to-left style cache when it
 * needs one) first, so the switch happens in one render; then set <html lang/dir> and store it.
 */
export const changeLanguage = (language: Language): Promise<void> => switchLanguage(language, { remember: true });

const switchLanguage = async (language: Language, { remember }: { remember: boolean }): Promise<void> => {
  await Promise.all([loadResources(language), loadEmotionCache(directionOf(language))]);
  await i18n.changeLanguage(language);
  if (remember) {
    try {
      localStorage.setItem(languageStorageKey, language);
    } catch {
      // Storage can be unavailable (private mode, quota); the choice then lasts for this visit.
    }
  }
};

export { i18n };
