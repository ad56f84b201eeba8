import type { Language } from './languages';

/**
 * The translations come in parts, so that a page downloads only the words it can show:
 * - `core` loads before the first render: the shell, the blank layout, the error pages and the
 *   shared components use it, on every page; it lives here (locales/<language>/core.ts), as does
 *   `link-not-configured` (shared/ui/link-not-configured.tsx);
 * - a feature's parts live in its folder (features/<area>/locales/<language>/<part>.ts) and load
 *   with the routes that declare them (app/routing/route-table.ts, `parts`), in parallel with the
 *   page's code, and stay loaded: a language switch downloads, for the new language, every part
 *   loaded so far (language-store.ts).
 * Each top-level key lives in exactly one part, so the parts of a language merge into i18next's one
 * `translation` namespace and a key reads the same whichever part holds it. English is the source
 * of every key; each fr/ar part is typed against its English part (locales/shape.ts).
 * i18n.test.ts checks every key of every part in every language, and that parts do not overlap.
 *
 * `partLoaders` below is the one list of parts: the part names, the `TranslationPart` type and the
 * English key set `t` is typed against all derive from it. To add a part, add one entry (each
 * import written out, so that the bundler makes each file a chunk of its own). This module may
 * import a feature's `locales/` (words, no code): the lint zones allow that one exception.
 */
export const partLoaders = {
  core: {
    en: () => import('./locales/en/core'),
    fr: () => import('./locales/fr/core'),
    ar: () => import('./locales/ar/core'),
  },
  'link-not-configured': {
    en: () => import('./locales/en/link-not-configured'),
    fr: () => import('./locales/fr/link-not-configured'),
    ar: () => import('./locales/ar/link-not-configured'),
  },
  auth: {
    en: () => import('../../features/auth/locales/en/auth'),
    fr: () => import('../../features/auth/locales/fr/auth'),
    ar: () => import('../../features/auth/locales/ar/auth'),
  },
  'projects-common': {
    en: () => import('../../features/projects/locales/en/projects-common'),
    fr: () => import('../../features/projects/locales/fr/projects-common'),
    ar: () => import('../../features/projects/locales/ar/projects-common'),
  },
  'projects-detail': {
    en: () => import('../../features/projects/locales/en/projects-detail'),
    fr: () => import('../../features/projects/locales/fr/projects-detail'),
    ar: () => import('../../features/projects/locales/ar/projects-detail'),
  },
  chat: {
    en: () => import('../../features/chat/locales/en/chat'),
    fr: () => import('../../features/chat/locales/fr/chat'),
    ar: () => import('../../features/chat/locales/ar/chat'),
  },
  'access-control': {
    en: () => import('../../features/access-control/locales/en/access-control'),
    fr: () => import('../../features/access-control/locales/fr/access-control'),
    ar: () => import('../../features/access-control/locales/ar/access-control'),
  },
  channels: {
    en: () => import('../../features/channels/locales/en/channels'),
    fr: () => import('../../features/channels/locales/fr/channels'),
    ar: () => import('../../features/channels/locales/ar/channels'),
  },
  'user-view': {
    en: () => import('../../features/user-view/locales/en/user-view'),
    fr: () => import('../../features/user-view/locales/fr/user-view'),
    ar: () => import('../../features/user-view/locales/ar/user-view'),
  },
  notifications: {
    en: () => import('../../features/notifications/locales/en/notifications'),
    fr: () => import('../../features/notifications/locales/fr/notifications'),
    ar: () => import('../../features/notifications/locales/ar/notifications'),
  },
  team: {
    en: () => import('../../features/team/locales/en/team'),
    fr: () => import('../../features/team/locales/fr/team'),
    ar: () => import('../../features/team/locales/ar/team'),
  },
  email: {
    en: () => import('../../features/email/locales/en/email'),
    fr: () => import('../../features/email/locales/fr/email'),
    ar: () => import('../../features/email/locales/ar/email'),
  },
  mailings: {
    en: () => import('../../features/mailings/locales/en/mailings'),
    fr: () => import('../../features/mailings/locales/fr/mailings'),
    ar: () => import('../../features/mailings/locales/ar/mailings'),
  },
  integrations: {
    en: () => import('../../features/integrations/locales/en/integrations'),
    fr: () => import('../../features/integrations/locales/fr/integrations'),
    ar: () => import('../../features/integrations/locales/ar/integrations'),
  },
  plans: {
    en: () => import('../../features/plans/locales/en/plans'),
    fr: () => import('../../features/plans/locales/fr/plans'),
    ar: () => import('../../features/plans/locales/ar/plans'),
  },
  referrals: {
    en: () => import('../../features/referrals/locales/en/referrals'),
    fr: () => import('../../features/referrals/locales/fr/referrals'),
    ar: () => import('../../features/referrals/locales/ar/referrals'),
  },
  unsubscribe: {
    en: () => import('../../features/unsubscribe/locales/en/unsubscribe'),
    fr: () => import('../../features/unsubscribe/locales/fr/unsubscribe'),
    ar: () => import('../../features/unsubscribe/locales/ar/unsubscribe'),
  },
} as const satisfies Record<string, Readonly<Record<Language, PartLoader>>>;

/** A part's resources: nested objects with strings at the leaves. */
export interface TranslationTree {
  readonly [key: string]: string | TranslationTree;
}

type PartLoader = () => Promise<{ readonly default: TranslationTree }>;

export type TranslationPart = keyof typeof partLoaders;

export const translationParts = Object.keys(partLoaders) as readonly TranslationPart[];

type EnglishPart<Part extends TranslationPart> = Awaited<ReturnType<(typeof partLoaders)[Part]['en']>>['default'];

/** Turns `A | B` into `A & B`. */
type Intersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer Both) => void
  ? Both
  : never;

/** Every English part together: the full key set `t` is typed against (i18next.d.ts). */
export type EnglishTranslations = Intersection<{ [Part in TranslationPart]: EnglishPart<Part> }[TranslationPart]>;
