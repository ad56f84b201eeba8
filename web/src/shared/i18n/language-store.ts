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
import { partLoaders, type TranslationPart, type TranslationTree } from './translation-parts';

/**
 * The interface language, without i18next: which language is active, its translations, <html
 * lang/dir>, and the stored choice. Translations download by part (translation-parts.ts), only
 * for the active language: `core` before the first render, the others when a route asks for them.
 * The signed-out pages translate straight from here (translate.ts) so /login does not download
 * i18next; the signed-in shell's i18next instance follows this store (i18n.ts).
 */

/** Per language, the parts downloaded so far. */
const loaded = new Map<Language, Map<TranslationPart, TranslationTree>>();
/**
 * Per language, its parts merged (top-level keys never overlap, so a shallow merge is the whole
 * merge): what the signed-out translator reads. Replaced, never changed, when a part arrives, so
 * that it works as a snapshot for useSyncExternalStore.
 */
const merged = new Map<Language, TranslationTree>();
/** Downloads under way, by `language/part`, so that a part is requested once. */
const downloads = new Map<string, Promise<void>>();
/** Every part asked for so far: a language switch brings all of them in the new language. */
const needed = new Set<TranslationPart>(['core']);

let current: Language = defaultLanguage;
/** The language of the latest switch, finished or not; undefined before the first. */
let target: Language | undefined;
/** Whether a switch has finished, i.e. whether `current` is on screen. */
let switched = false;
const listeners = new Set<() => void>();
/** Work that must finish before a switch shows (e.g. the right-to-left style cache). */
const preparers = new Set<(language: Language) => Promise<unknown>>();

const notify = (): void => {
  for (const listener of listeners) listener();
};

const loadPart = (language: Language, part: TranslationPart): Promise<void> => {
  if (loaded.get(language)?.has(part)) return Promise.resolve();
  const id = `${language}/${part}`;
  const pending = downloads.get(id);
  if (pending) return pending;
  const download = partLoaders[part][language]()
    .then(({ default: resources }) => {
      const parts = loaded.get(language) ?? new Map<TranslationPart, TranslationTree>();
      parts.set(part, resources);
      loaded.set(language, parts);
      merged.set(language, Object.assign({}, ...parts.values()) as TranslationTree);
      // Listeners (i18n.ts) take the new words before whatever waited for them renders.
      if (language === current) notify();
    })
    // Done or failed, the next request looks again (a failed download can be retried).
    .finally(() => downloads.delete(id));
  downloads.set(id, download);
  return download;
};

/**
 * Every needed part in a language. Parts asked for while this waits are needed too, so it checks
 * again until nothing is missing.
 */
const loadNeededParts = async (language: Language): Promise<void> => {
  const missing = () => [...needed].filter((part) => !loaded.get(language)?.has(part));
  for (let parts = missing(); parts.length > 0; parts = missing()) {
    await Promise.all(parts.map((part) => loadPart(language, part)));
  }
};

/**
 * docs/product.md#stored-values stores `language`; a cookie with the app prefix mirrors it (like every other
 * preference).
 */
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

/**
 * The parts a page needs, in the language it will render in: the active one and, while a switch
 * is under way, the one it switches to (before the first switch, the stored choice, which is what
 * the first render will show). A route calls this with the page's code (app/routing/routes.tsx).
 */
export const loadTranslationParts = async (parts: readonly TranslationPart[]): Promise<void> => {
  for (const part of parts) needed.add(part);
  const next = target ?? readStoredLanguage();
  const languages = switched && current !== next ? [current, next] : [next];
  await Promise.all(languages.flatMap((language) => parts.map((part) => loadPart(language, part))));
};

/** The parts downloaded so far, every language (i18n.ts hands them to i18next). */
export const loadedParts = (): { language: Language; part: TranslationPart; resources: TranslationTree }[] =>
  [...loaded].flatMap(([language, parts]) => [...parts].map(([part, resources]) => ({ language, part, resources })));

/** The active language's parts merged; undefined until its first part arrives. */
export const currentTranslations = (): TranslationTree | undefined => merged.get(current);

/** docs/product.md#behaviour: the document language and direction follow the interface language. */
export const applyLanguageToDocument = (language: Language): void => {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
};

export const currentLanguage = (): Language => current;
export const currentDirection = (): Direction => directionOf(current);

/** Told when the active language changes, and when a part of it arrives. */
export const subscribeToLanguage = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const addLanguagePreparer = (prepare: (language: Language) => Promise<unknown>): (() => void) => {
  preparers.add(prepare);
  return () => preparers.delete(prepare);
};

/**
 * Switch language: download, in that language, every part loaded so far (and whatever registered
 * preparers need) first so the switch happens in one render, then set <html lang/dir>, store the
 * choice and tell listeners. When the user has chosen again in the meantime, the later choice wins.
 */
export const setLanguage = async (language: Language, { remember = true } = {}): Promise<void> => {
  target = language;
  await Promise.all([loadNeededParts(language), ...[...preparers].map((prepare) => prepare(language))]);
  if (target !== language) return;
  current = language;
  switched = true;
  applyLanguageToDocument(language);
  if (remember) storeLanguage(language);
  notify();
};

let started: Promise<void> | undefined;

/** Before the first render: the stored language (or English) with its core part. */
export const startLanguage = (): Promise<void> => (started ??= setLanguage(readStoredLanguage(), { remember: false }));
