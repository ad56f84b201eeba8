import { afterEach, describe, expect, it } from 'vitest';
import { preloadHints, preloadHintsScript, type PreloadHintsConfig } from './preload-hints';

const config: PreloadHintsConfig = {
  sessionKeys: ['accessToken', 'userData'],
  files: [
    '/assets/core-en.js',
    '/assets/core-ar.js',
    '/assets/auth-en.js',
    '/assets/blank-layout.js',
    '/assets/shell.js',
    '/assets/sign-in-page.js',
    '/assets/projects-page.js',
    '/assets/Button.js',
    '/assets/projects-common-en.js',
  ],
  parts: { core: { en: 0, ar: 1 }, auth: { en: 2 }, 'projects-common': { en: 8 } },
  layouts: { blank: [3], shell: [4] },
  routes: [
    { pattern: '^/login/?$', blank: true, signedOut: true, files: [5], parts: ['auth'] },
    { pattern: '^/apps/projects/?$', blank: false, signedOut: false, files: [6, 4, 7], parts: ['projects-common'] },
  ],
};

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

const at = (path: string) => window.history.replaceState(null, '', path);

const signIn = () => {
  localStorage.setItem('accessToken', 'token');
  localStorage.setItem('userData', '{"id":"u1"}');
};

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
  document.documentElement.lang = 'en';
  at('/');
});

describe('the preload hints (index.html)', () => {
  it('asks for the sign-in page, its layout and words on /login, in the page’s language; no shell', () => {
    at('/login');
    preloadHints(config);
    expect(preloaded()).toEqual([
      '/assets/core-en.js',
      '/assets/blank-layout.js',
      '/assets/sign-in-page.js',
      '/assets/auth-en.js',
    ]);
  });

  it('asks for the shell, the page and its parts, each once, on a protected page with a stored session', () => {
    signIn();
    at('/apps/projects');
    preloadHints(config);
    expect(preloaded()).toEqual([
      '/assets/core-en.js',
      '/assets/shell.js',
      '/assets/projects-page.js',
      '/assets/Button.js',
      '/assets/projects-common-en.js',
    ]);
    // As the module loader will ask, so the module map reuses the request.
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('asks for nothing of a protected page without a session (the guard sends the visitor to /login)', () => {
    localStorage.setItem('accessToken', 'token');
    document.documentElement.lang = 'ar';
    at('/apps/projects');
    preloadHints(config);
    expect(preloaded()).toEqual(['/assets/core-ar.js']);
  });

  it('asks for the words only on a path the table does not name', () => {
    signIn();
    at('/nowhere');
    preloadHints(config);
    expect(preloaded()).toEqual(['/assets/core-en.js']);
  });

  it('is a self-contained script for index.html', () => {
    signIn();
    at('/APPS/projects/');
    // Run as the page runs it: the source alone, no module scope.
    new Function(preloadHintsScript(config))();
    expect(preloaded()).toHaveLength(5);
  });
});
