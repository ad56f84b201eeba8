import type { Language } from './languages';
import type accessControl from './locales/en/access-control';
import type areas from './locales/en/areas';
import type auth from './locales/en/auth';
import type chat from './locales/en/chat';
import type core from './locales/en/core';
import type project from './locales/en/project';
import type projects from './locales/en/projects';

/**
 * The translations come in parts, one file per language and part (locales/<language>/<part>.ts),
 * so that a page downloads only the words it can show:
 * - `core` loads before the first render: the shell, the blank layout, the error pages and the
 *   shared components use it, on every page;
 * - every other part loads with the routes that declare it (app/routing/route-table.ts, `parts`),
 *   in parallel with the page's code, and stays loaded: a language switch downloads, for the new
 *   language, every part loaded so far (language-store.ts).
 * Each top-level key lives in exactly one part, so the parts of a language merge into i18next's one
 * `translation` namespace and a key reads the same whichever part holds it. English is the source
 * of every key; each fr/ar part is typed against its English part (locales/shape.ts).
 * i18n.test.ts checks every key of every part in every language, and that parts do not overlap.
 */
export const translationParts = ['core', 'auth', 'projects', 'project', 'chat', 'access-control', 'areas'] as const;

export type TranslationPart = (typeof translationParts)[number];

/** A part's resources: nested objects with strings at the leaves. */
export interface TranslationTree {
  readonly [key: string]: string | TranslationTree;
}

/** Every English part together: the full key set `t` is typed against (i18next.d.ts). */
export type EnglishTranslations = typeof core &
  typeof auth &
  typeof projects &
  typeof project &
  typeof chat &
  typeof accessControl &
  typeof areas;

type PartLoader = () => Promise<{ readonly default: TranslationTree }>;

/** Each import written out, so that the bundler makes each file a chunk of its own. */
export const partLoaders: Readonly<Record<TranslationPart, Readonly<Record<Language, PartLoader>>>> = {
  core: {
    en: () => import('./locales/en/core'),
    fr: () => import('./locales/fr/core'),
    ar: () => import('./locales/ar/core'),
  },
  auth: {
    en: () => import('./locales/en/auth'),
    fr: () => import('./locales/fr/auth'),
    ar: () => import('./locales/ar/auth'),
  },
  projects: {
    en: () => import('./locales/en/projects'),
    fr: () => import('./locales/fr/projects'),
    ar: () => import('./locales/ar/projects'),
  },
  project: {
    en: () => import('./locales/en/project'),
    fr: () => import('./locales/fr/project'),
    ar: () => import('./locales/ar/project'),
  },
  chat: {
    en: () => import('./locales/en/chat'),
    fr: () => import('./locales/fr/chat'),
    ar: () => import('./locales/ar/chat'),
  },
  'access-control': {
    en: () => import('./locales/en/access-control'),
    fr: () => import('./locales/fr/access-control'),
    ar: () => import('./locales/ar/access-control'),
  },
  areas: {
    en: () => import('./locales/en/areas'),
    fr: () => import('./locales/fr/areas'),
    ar: () => import('./locales/ar/areas'),
  },
};
