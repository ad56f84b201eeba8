import type { ParseKeys } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { currentLanguage, currentTranslations, subscribeToLanguage } from './language-store';
import type { Language } from './languages';
import type { TranslationTree } from './translation-parts';

/**
 * A one-kilobyte translator for the signed-out pages (sign-in, registration, recovery, errors):
 * the same resources and keys as i18next (the active language's parts loaded so far, merged),
 * `{{name}}` placeholders, nothing else. It keeps i18next out of /login; the
 * signed-in app uses react-i18next's useTranslation as usual.
 */

export type TranslationKey = ParseKeys;
export type TranslationValues = Readonly<Record<string, string | number>>;

const lookup = (resources: TranslationTree | undefined, key: string): string | undefined => {
  let node: string | TranslationTree | undefined = resources;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** The text for a key in the given resources, placeholders filled; the key itself when missing. */
export const translate = (resources: TranslationTree | undefined, key: string, values?: TranslationValues): string => {
  const text = lookup(resources, key);
  if (text === undefined) return key;
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
};

export interface Text {
  readonly language: Language;
  readonly t: (key: TranslationKey, values?: TranslationValues) => string;
  /** Whether a string is one of the keys (form errors hold keys or server text). */
  readonly exists: (key: string) => boolean;
}

/** The active language's translator; components re-render when the language changes or a part arrives. */
export const useText = (): Text => {
  const language = useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
  const resources = useSyncExternalStore(subscribeToLanguage, currentTranslations, currentTranslations);
  return useMemo(
    () => ({
      language,
      t: (key, values) => translate(resources, key, values),
      exists: (key) => lookup(resources, key) !== undefined,
    }),
    [language, resources],
  );
};
