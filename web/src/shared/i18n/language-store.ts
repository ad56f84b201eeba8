import { readCookie, writeCookie } from '../theme/cookies';
import {
  defaultLanguage,
  directionOf,
  isLanguage,
  languageCookie,
  languageStorageKey,
  type Direction,
  type Language,
} from './languages';
import type { TranslationShape } from './locales/en';

/**
 * The interface language, without i18next: which language is active, its resources (only the
 * active language's file is downloaded), <html lang/dir>, and the stored choice. The signed-out
 * pages translate straight from here (translate.ts) so /login does not download i18next; the
 * signed-in shell's i18next instance follows this store (i18n.ts).
 */

export type Resources = TranslationShape;

const loaders: Record<Language, () => Promise<{ default: Resources }>> = {
  en: () => import('./locales/en'),
  fr: () => import('./locales/fr'),
  ar: () => import('./locales/ar'),
};

const loaded = new Map<Language, Resources>();
let current: Language = defaultLanguage;
const listeners = new Set<() => void>();
/** Work that must finish before a switch shows (e.g. the right-to-left style cache). */
const preparers = new Set<(language: Language) => Promise<unknown>>();

export const loadResources = async (language: Language): Promise<Resources> => {
  const cached = loaded.get(language);
  if (cached) return cached;
  const { default: resources } = await loaders[language]();
  loaded.set(language, resources);
  return resources;
};

/** The resources of a language if already downloaded. */
export const loadedResources = (language: Language): Resources | undefined => loaded.get(language);

/** Spec §3 stores `language`; a cookie with the app prefix mirrors it (like every other preference). */
export const readStoredLanguage = (): Language => {
  try {
    const stored = localStorage.getItem(languageStorageKey);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be unavailable (private mode); the cookie or the default then decides.
  }
  const cookie = readCookie(languageCookie);
  return isLanguage(cookie) ? cookie : defaultLanguage;
};

const storeLanguage = (language: Language): void => {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // The cookie below still remembers it.
  }
  writeCookie(languageCookie, language);
};

/** Spec §4: the document language and direction follow the interface language. */
export const applyLanguageToDocument = (language: Language): void => {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
};

export const currentLanguage = (): Language => current;
export const currentDirection = (): Direction => directionOf(current);

export const subscribeToLanguage = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const addLanguagePreparer = (prepare: (language: Language) => Promise<unknown>): (() => void) => {
  preparers.add(prepare);
  return () => preparers.delete(prepare);
};

/**
 * Switch language: download its resources (and whatever registered preparers need) first so the
 * switch happens in one render, then set <html lang/dir>, store the choice and tell listeners.
 */
export const setLanguage = async (language: Language, { remember = true } = {}): Promise<void> => {
  await Promise.all([loadResources(language), ...[...preparers].map((prepare) => prepare(language))]);
  current = language;
  applyLanguageToDocument(language);
  if (remember) storeLanguage(language);
  for (const listener of listeners) listener();
};

let started: Promise<void> | undefined;

/** Before the first render: the stored language (or English) with its resources. */
export const startLanguage = (): Promise<void> => (started ??= setLanguage(readStoredLanguage(), { remember: false }));
