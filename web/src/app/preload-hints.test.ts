import { afterEach, describe, expect, it } from 'vitest';
import { preloadHints, preloadHintsScript, type PreloadHintsConfig } from './preload-hints';

const config: PreloadHintsConfig = {
  sessionKeys: ['accessToken', 'userData'],
  core: { en: '/assets/core-en.js', ar: '/assets/core-ar.js' },
  shell: ['/assets/shell.js', '/assets/shell-dependency.js'],
};

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
  document.documentElement.lang = 'en';
});

describe('the preload hints (index.html)', () => {
  it('asks for the language’s core words only, signed out: /login downloads no shell', () => {
    document.documentElement.lang = 'ar';
    preloadHints(config);
    expect(preloaded()).toEqual(['/assets/core-ar.js']);
  });

  it('asks for the shell too when a session is stored, as the module loader will (crossorigin)', () => {
    localStorage.setItem('accessToken', 'token');
    localStorage.setItem('userData', '{"id":"u1"}');
    preloadHints(config);
    expect(preloaded()).toEqual(['/assets/core-en.js', '/assets/shell.js', '/assets/shell-dependency.js']);
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('needs every key of the session: a half-stored one is signed out', () => {
    localStorage.setItem('accessToken', 'token');
    preloadHints(config);
    expect(preloaded()).toEqual(['/assets/core-en.js']);
  });

  it('is a self-contained script for index.html', () => {
    localStorage.setItem('accessToken', 'token');
    localStorage.setItem('userData', '{}');
    // Run as the page runs it: the source alone, no module scope.
    new Function(preloadHintsScript(config))();
    expect(preloaded()).toEqual(['/assets/core-en.js', '/assets/shell.js', '/assets/shell-dependency.js']);
  });
});
