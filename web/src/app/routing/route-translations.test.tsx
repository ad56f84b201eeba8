import { act, render } from '@testing-library/react';
import { createMemoryRouter, type DataRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor } from '@orbit/functions/core/ability';
import arAccessControl from '../../features/access-control/locales/ar/access-control';
import enAccessControl from '../../features/access-control/locales/en/access-control';
import frAccessControl from '../../features/access-control/locales/fr/access-control';
import enAuth from '../../features/auth/locales/en/auth';
import frAuth from '../../features/auth/locales/fr/auth';
import enProjects from '../../features/projects/locales/en/projects-common';
import { languageCookie } from '../../shared/i18n/languages';
import { partLoaders, translationParts } from '../../shared/i18n/translation-parts';
import { removeCookie } from '../../shared/theme/cookies';
import { routeTable } from './route-table';
import { settled } from '../../test/router';

/**
 * Pages and their translation parts through the real routes, on a freshly opened page: the test
 * setup's modules have every part loaded, so each test imports the app anew (vi.resetModules) and
 * starts like main.tsx, with only the core part of the stored language.
 */

type Projects = typeof enProjects;

/**
 * The French and Arabic projects parts arrive when a test lets them, after the page's code: a page
 * that rendered without waiting for its part would show keys, and a switch that did not wait would
 * show English. `requested` says the download has started; `opened` lets it finish.
 */
const network = vi.hoisted(() => {
  const gate = () => {
    let open = () => undefined as void;
    let request = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const requested = new Promise<void>((resolve) => (request = resolve));
    let isOpen = false;
    opened.then(
      () => (isOpen = true),
      () => undefined,
    );
    return { opened, open, requested, request, isOpen: () => isOpen };
  };
  return { gate, projectsPart: gate(), projectsPage: gate() };
});
vi.mock('../../features/projects/locales/fr/projects-common', async (importOriginal) => {
  network.projectsPart.request();
  await network.projectsPart.opened;
  return importOriginal();
});
vi.mock('../../features/projects/locales/ar/projects-common', async (importOriginal) => {
  network.projectsPart.request();
  await network.projectsPart.opened;
  return importOriginal();
});
vi.mock('../../features/projects/projects-page', async (importOriginal) => {
  const page = await importOriginal();
  network.projectsPage.open();
  return page;
});

const projectsIn = async (language: 'fr' | 'ar'): Promise<Projects> =>
  language === 'fr'
    ? (await vi.importActual<{ default: Projects }>('../../features/projects/locales/fr/projects-common')).default
    : (await vi.importActual<{ default: Projects }>('../../features/projects/locales/ar/projects-common')).default;

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const noProjects = {
  projects: [],
  nextCursor: null,
  counts: { planning: 0, active: 0, on_hold: 0, completed: 0, archived: 0 },
  total: 0,
};

/** Every top-level key of the English resources, whichever part holds it. */
const topLevelKeys = (
  await Promise.all(translationParts.map(async (part) => Object.keys((await partLoaders[part].en()).default)))
).flat();

/** A key shown as it is: a dotted path that starts with one of the translations' top-level keys. */
const rawKey = new RegExp(`\\b(${topLevelKeys.join('|')})\\.[a-zA-Z]`);

/** Records whether the router ever shows `pathname` before `gate` opens. */
const watchForEarlyArrival = (router: DataRouter, pathname: string, gate: { isOpen(): boolean }) => {
  let early = false;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === pathname && !gate.isOpen()) early = true;
  });
  return {
    early: () => {
      unsubscribe();
      return early;
    },
  };
};

/** Every text and attribute shown, checked as the DOM changes, not only at the end. */
const watchForRawKeys = () => {
  const seen: string[] = [];
  const check = (text: string | null) => {
    if (text && rawKey.test(text)) seen.push(text);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') check(record.target.textContent);
      if (record.type === 'attributes' && record.attributeName) {
        check((record.target as Element).getAttribute(record.attributeName));
      }
      for (const node of record.addedNodes) check(node instanceof Element ? node.outerHTML : node.textContent);
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  return {
    seen: () => {
      observer.takeRecords();
      return seen;
    },
    stop: () => observer.disconnect(),
  };
};

const opened: { router: DataRouter; keys: { stop(): void } }[] = [];

/** main.tsx on a fresh page: the router starts while the core part loads; the first render waits for it. */
const openApp = async (url: string, { language, role }: { language?: string; role?: 'admin' } = {}) => {
  vi.resetModules();
  if (language) localStorage.setItem('language', language);
  const [{ startLanguage, loadedParts }, { updateSession }, { createAppRouter }, { App }, { changeLanguage }] =
    await Promise.all([
      import('../../shared/i18n/language-store'),
      import('../../shared/session/session-store'),
      import('./router'),
      import('../app'),
      import('../../shared/i18n/i18n'),
    ]);
  if (role) {
    updateSession({
      userData: {
        id: `u-${role}`,
        fullName: `A ${role}`,
        username: role,
        avatar: null,
        email: `${role}@example.com`,
        phone: '+15550100001',
        role,
      },
      accessToken: 'token',
      userAbilityRules: abilityRulesFor({ id: `u-${role}`, role }),
    });
  }
  const router = createAppRouter((routes, options) =>
    createMemoryRouter(routes, { ...options, initialEntries: [url] }),
  );
  await startLanguage();
  const keys = watchForRawKeys();
  opened.push({ router, keys });
  const view = render(<App router={router} />);
  const parts = (lang: string) =>
    loadedParts()
      .filter((loaded) => loaded.language === lang)
      .map((loaded) => loaded.part)
      .sort();
  const go = async (to: string) => {
    await act(async () => {
      await router.navigate(to);
      await settled(router);
    });
  };
  return { router, view, keys, parts, go, changeLanguage, settled: () => act(() => settled(router)) };
};

describe('translation parts on the routes', () => {
  beforeEach(() => {
    localStorage.clear();
    removeCookie(languageCookie);
    network.projectsPart = network.gate();
    network.projectsPage = network.gate();
    // jsdom has no media queries: a wide screen that asks for nothing special.
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: false,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (url) => json(String(url).startsWith('/api/apps/projects?') ? noProjects : {})),
    );
  });
  afterEach(() => {
    // Nothing stays pending into the next test, whatever this one did.
    network.projectsPart.open();
    for (const { router, keys } of opened.splice(0)) {
      keys.stop();
      router.dispose();
    }
  });

  it('declares only parts that exist, beyond core (which loads before the first render)', () => {
    for (const entry of routeTable) {
      for (const part of entry.parts ?? []) {
        expect(translationParts, entry.path).toContain(part);
        expect(part, entry.path).not.toBe('core');
      }
    }
  });

  it('renders a page only once its part is there, in the active language', async () => {
    const app = await openApp('/access-control', { language: 'fr', role: 'admin' });
    await app.settled();
    expect(app.view.getByRole('heading', { name: frAccessControl.accessControl.title })).toBeTruthy();

    const arrival = watchForEarlyArrival(app.router, '/apps/projects', network.projectsPart);
    const navigation = app.router.navigate('/apps/projects');
    await act(() => Promise.all([network.projectsPage.opened, network.projectsPart.requested]));
    // The page's code is here, its words are not: the previous page stays.
    expect(app.router.state.location.pathname).toBe('/access-control');
    expect(app.view.getByRole('heading', { name: frAccessControl.accessControl.title })).toBeTruthy();

    network.projectsPart.open();
    await act(() => navigation);
    await app.settled();
    expect(app.view.getByText((await projectsIn('fr')).projects.subtitle)).toBeTruthy();
    // Not even for a moment before the words came.
    expect(arrival.early()).toBe(false);
    expect(app.keys.seen()).toEqual([]);
    expect(app.parts('fr')).toEqual(['access-control', 'core', 'projects-common']);
    expect(app.parts('en')).toEqual([]);
  });

  it('renders /login with the auth part, and no part of the signed-in pages', async () => {
    const english = await openApp('/login');
    await english.settled();
    expect(english.view.getByRole('heading', { name: enAuth.auth.signIn.heading })).toBeTruthy();
    expect(english.keys.seen()).toEqual([]);
    expect(english.parts('en')).toEqual(['auth', 'core']);
    english.view.unmount();

    const french = await openApp('/login', { language: 'fr' });
    await french.settled();
    expect(french.view.getByRole('heading', { name: frAuth.auth.signIn.heading })).toBeTruthy();
    expect(french.keys.seen()).toEqual([]);
    expect(french.parts('fr')).toEqual(['auth', 'core']);
  });

  it('switches language with every part loaded so far, in one step and without showing a key', async () => {
    const app = await openApp('/apps/projects', { role: 'admin' });
    await app.settled();
    await app.go('/access-control');
    expect(app.view.getByRole('heading', { name: enAccessControl.accessControl.title })).toBeTruthy();

    const switching = app.changeLanguage('ar');
    await act(() => vi.waitFor(() => expect(app.parts('ar')).toEqual(['access-control', 'core'])));
    await act(() => network.projectsPart.requested);
    // Arabic's core and access-control parts are here, its projects part is not: no switch yet.
    expect(document.documentElement.dir).toBe('ltr');
    expect(app.view.getByRole('heading', { name: enAccessControl.accessControl.title })).toBeTruthy();

    network.projectsPart.open();
    await act(() => switching);
    expect(document.documentElement.dir).toBe('rtl');
    expect(app.view.getByRole('heading', { name: arAccessControl.accessControl.title })).toBeTruthy();
    expect(app.parts('ar')).toEqual(['access-control', 'core', 'projects-common']);

    // Back to a page visited in English: its Arabic part came with the switch.
    await app.go('/apps/projects');
    expect(app.view.getByText((await projectsIn('ar')).projects.subtitle)).toBeTruthy();
    expect(app.view.queryByText(enProjects.projects.subtitle)).toBeNull();
    expect(app.keys.seen()).toEqual([]);
  });
});
