import type { EnglishTranslations } from './translation-parts';

/**
 * Typed keys: `t('auth.signIn.title')` is checked against the English resources, every part
 * together (translation-parts.ts), whichever part holds the key.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: EnglishTranslations };
  }
}
