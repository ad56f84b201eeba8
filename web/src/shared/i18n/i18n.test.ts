import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from './i18n';
import { languages } from './languages';
import ar from './locales/ar';
import en from './locales/en';
import fr from './locales/fr';

type Tree = { readonly [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
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

const resources: Record<string, Tree> = { en, fr, ar };

describe('translations', () => {
  const english = flatten(en);

  it('has resources for every configured language', () => {
    expect(Object.keys(resources).sort()).toEqual(languages.map((l) => l.i18nLang).sort());
  });

  it.each(['fr', 'ar'])('%s has exactly the English keys, none empty, with the same placeholders', (language) => {
    const translated = flatten(resources[language] ?? {});
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    for (const [key, text] of translated) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it('has no empty English strings', () => {
    for (const [key, text] of english) expect(text.trim(), key).not.toBe('');
  });
});

describe('changing language (spec §4)', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('sets <html lang>, right-to-left for Arabic, and stores the choice', async () => {
    await changeLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(i18n.t('auth.signIn.submit')).toBe(ar.auth.signIn.submit);

    await changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem('language')).toBe('fr');
    expect(i18n.t('auth.signIn.submit')).toBe(fr.auth.signIn.submit);
  });

  it('falls back to English', () => {
    expect(i18n.options.fallbackLng).toEqual(['en']);
  });
});
