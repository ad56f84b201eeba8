import { beforeEach, describe, expect, it, vi } from 'vitest';
import { removeCookie } from '../theme/cookies';
import { languageCookie } from './languages';
import type * as LanguageStore from './language-store';
import { partLoaders, type TranslationPart } from './translation-parts';

const arProjects = (await partLoaders['projects-common'].ar()).default;
const frChat = (await partLoaders.chat.fr()).default;

type Store = typeof LanguageStore;

/** A fresh store, as on a page that was just opened (the test setup's store has every part). */
const openPage = async (storedLanguage?: string): Promise<Store> => {
  vi.resetModules();
  if (storedLanguage) localStorage.setItem('language', storedLanguage);
  return import('./language-store');
};

const partsIn = (store: Store, language: string): TranslationPart[] =>
  store
    .loadedParts()
    .filter((loaded) => loaded.language === language)
    .map((loaded) => loaded.part)
    .sort();

describe('the language store’s translation parts', () => {
  beforeEach(() => {
    // A switch stores the choice in both; the next page opens with nothing stored.
    localStorage.clear();
    removeCookie(languageCookie);
  });

  it('downloads only the core part, in the stored language, before the first render', async () => {
    const store = await openPage('fr');
    await store.startLanguage();
    expect(store.loadedParts().map(({ language, part }) => `${language}/${part}`)).toEqual(['fr/core']);
    expect(store.currentTranslations()).toHaveProperty('nav');
    expect(store.currentTranslations()).not.toHaveProperty('projects');
  });

  it('loads a page’s parts in the language the first render will show, even before it starts', async () => {
    const store = await openPage('fr');
    const page = store.loadTranslationParts(['chat']);
    await Promise.all([page, store.startLanguage()]);
    expect(partsIn(store, 'fr')).toEqual(['chat', 'core']);
    expect(partsIn(store, 'en')).toEqual([]);
    expect(store.currentTranslations()).toMatchObject({ chat: { title: frChat.chat.title } });
  });

  it('switches with every part loaded so far, all there when listeners hear of it', async () => {
    const store = await openPage();
    await store.startLanguage();
    await store.loadTranslationParts(['projects-common']);
    await store.loadTranslationParts(['access-control']);

    const heard: { language: string; parts: TranslationPart[] }[] = [];
    store.subscribeToLanguage(() =>
      heard.push({ language: store.currentLanguage(), parts: partsIn(store, store.currentLanguage()) }),
    );
    await store.setLanguage('ar');

    expect(heard).toEqual([{ language: 'ar', parts: ['access-control', 'core', 'projects-common'] }]);
    expect(store.currentTranslations()).toMatchObject({ projects: { title: arProjects.projects.title } });
  });

  it('brings a part asked for during a switch in both languages', async () => {
    const store = await openPage();
    await store.startLanguage();
    const switching = store.setLanguage('fr');
    // A page opened while French downloads renders in English or French, whichever is first.
    await store.loadTranslationParts(['chat']);
    expect(partsIn(store, 'en')).toEqual(['chat', 'core']);
    expect(partsIn(store, 'fr')).toContain('chat');
    await switching;
    expect(store.currentTranslations()).toMatchObject({ chat: { title: frChat.chat.title } });
  });

  it('keeps the later of two quick choices, whichever downloads first', async () => {
    const store = await openPage();
    await store.startLanguage();
    await store.setLanguage('ar');
    await store.setLanguage('en');
    // French still has to download; Arabic is here: the Arabic switch finishes first.
    const french = store.setLanguage('fr');
    const arabic = store.setLanguage('ar');
    await Promise.all([french, arabic]);
    expect(store.currentLanguage()).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
  });
});
