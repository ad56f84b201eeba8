/**
 * docs/product.md#stored-values and #constants: one entry per interface language (i18nLang, isRTL). English
 * is the default and fallback.
 */
export const languages = [
  { i18nLang: 'en', isRTL: false },
  { i18nLang: 'fr', isRTL: false },
  { i18nLang: 'ar', isRTL: true },
] as const;

export type Language = (typeof languages)[number]['i18nLang'];
export type Direction = 'ltr' | 'rtl';

export const defaultLanguage: Language = 'en';
export const fallbackLanguage: Language = 'en';
/** localStorage key for the chosen language (docs/product.md#stored-values: stored client value `language`). */
export const languageStorageKey = 'language';
/** The same choice as a preference cookie (docs/product.md#stored-values per-user preferences): `orbit-language`. */
export const languageCookie = 'language';

export const isLanguage = (value: unknown): value is Language => languages.some((l) => l.i18nLang === value);

export const isRtlLanguage = (language: string): boolean => languages.some((l) => l.i18nLang === language && l.isRTL);

export const directionOf = (language: string): Direction => (isRtlLanguage(language) ? 'rtl' : 'ltr');
