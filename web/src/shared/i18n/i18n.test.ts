import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from './i18n';
import { languages, type Language } from './languages';
import type { TranslationShape } from './locales/shape';
import { partLoaders, translationParts, type TranslationPart, type TranslationTree } from './translation-parts';

const flatten = (tree: TranslationTree, prefix = ''): Map<string, string> => {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
};

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

const languageCodes = languages.map((l) => l.i18nLang);

// Every part in every language, through the loaders the app uses: a loader that points at the
// wrong file fails below as surely as a missing key.
const parts = new Map<string, TranslationTree>();
for (const language of languageCodes) {
  for (const part of translationParts) parts.set(`${language}/${part}`, (await partLoaders[part][language]()).default);
}
const partOf = (language: Language, part: TranslationPart): TranslationTree => parts.get(`${language}/${part}`) ?? {};

const translated = languageCodes
  .filter((language) => language !== 'en')
  .flatMap((language) => translationParts.map((part) => [language, part] as const));

describe('translations', () => {
  it('has a loader for every part in every configured language', () => {
    expect(Object.keys(partLoaders).sort()).toEqual([...translationParts].sort());
    for (const part of translationParts)
      expect(Object.keys(partLoaders[part]).sort(), part).toEqual([...languageCodes].sort());
  });

  it.each(translated)(
    '%s/%s has exactly the English keys, none empty, with the same placeholders',
    (language, part) => {
      const english = flatten(partOf('en', part));
      const entries = flatten(partOf(language, part));
      // i18next plural keys: each English `x_other` needs every form of the language's plural rules.
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const pluralBases = [...english.keys()].flatMap((key) => (key.endsWith('_other') ? [key.slice(0, -6)] : []));
      const expected = new Set([
        ...english.keys(),
        ...pluralBases.flatMap((base) => forms.map((form) => `${base}_${form}`)),
      ]);
      const pluralBaseOf = (key: string) => pluralBases.find((base) => key.startsWith(`${base}_`));
      const missing = [...expected].filter((key) => !entries.has(key));
      const extra = [...entries.keys()].filter((key) => !expected.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const [key, text] of entries) {
        expect(text.trim(), key).not.toBe('');
        const base = pluralBaseOf(key);
        if (base) {
          // A plural form may leave the number out ("two comments" is one word in Arabic).
          const allowed = placeholders(english.get(`${base}_other`) ?? '');
          expect(
            placeholders(text).filter((name) => !allowed.includes(name)),
            key,
          ).toEqual([]);
        } else expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      }
    },
  );

  it('has no empty English strings', () => {
    for (const part of translationParts) {
      for (const [key, text] of flatten(partOf('en', part))) expect(text.trim(), key).not.toBe('');
    }
  });

  it.each(languageCodes)('%s: each top-level key lives in exactly one part', (language) => {
    const owners = new Map<string, TranslationPart[]>();
    for (const part of translationParts) {
      for (const key of Object.keys(partOf(language, part))) owners.set(key, [...(owners.get(key) ?? []), part]);
    }
    const shared = [...owners].filter(([, owning]) => owning.length > 1);
    expect(shared).toEqual([]);
  });

  it('types each translated part against its English part', () => {
    type English = { title: string; list: { empty: string } };
    // @ts-expect-error A key of the English part is missing.
    const missing: TranslationShape<English> = { title: 'Titre', list: {} };
    // @ts-expect-error A key the English part does not have.
    const extra: TranslationShape<English> = { title: 'Titre', list: { empty: 'Vide' }, subtitle: 'Sous-titre' };
    expect([missing, extra]).toHaveLength(2);
  });
});

describe('changing language (docs/product.md#behaviour)', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('picks the plural form of the count in each language', async () => {
    await changeLanguage('en');
    expect([1, 2].map((count) => i18n.t('project.board.comments', { count }))).toEqual(['1 comment', '2 comments']);
    await changeLanguage('fr');
    expect([0, 1, 2].map((count) => i18n.t('project.board.comments', { count }))).toEqual([
      '0 commentaire',
      '1 commentaire',
      '2 commentaires',
    ]);
    await changeLanguage('ar');
    // zero, one, two, few, many, other: each count takes its own form.
    const arabic = flatten(partOf('ar', 'projects-detail'));
    const rules = new Intl.PluralRules('ar');
    for (const count of [0, 1, 2, 3, 11, 100]) {
      const form = arabic.get(`project.board.comments_${rules.select(count)}`) ?? '';
      expect(i18n.t('project.board.comments', { count }), String(count)).toBe(form.replace('{{count}}', String(count)));
    }
    expect(i18n.t('project.board.comments', { count: 2 })).toBe('تعليقان');
  });

  it('sets <html lang>, right-to-left for Arabic, and stores the choice', async () => {
    await changeLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(i18n.t('auth.signIn.submit')).toBe(flatten(partOf('ar', 'auth')).get('auth.signIn.submit'));

    await changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('language')).toBe('fr');
    expect(i18n.t('auth.signIn.submit')).toBe(flatten(partOf('fr', 'auth')).get('auth.signIn.submit'));
  });

  it('gives i18next every loaded part of the new language, in one namespace', async () => {
    // The test setup loaded every part, as a visit through every page would.
    await changeLanguage('fr');
    expect(i18n.t('projects.list.search')).toBe(flatten(partOf('fr', 'projects-common')).get('projects.list.search'));
    for (const part of translationParts) {
      for (const [key, text] of flatten(partOf('fr', part))) {
        expect(i18n.getResource('fr', 'translation', key), key).toBe(text);
      }
    }
  });

  it('falls back to English', () => {
    expect(i18n.options.fallbackLng).toEqual(['en']);
  });
});
