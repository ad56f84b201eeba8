import type en from './locales/en';

/** Typed keys: `t('auth.signIn.title')` is checked against the English resources. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
