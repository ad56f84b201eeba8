import { vi } from 'vitest';

/**
 * The web files share their worker and its jsdom (`isolate: false`, vite.config.ts): 36 s instead
 * of ~100, most of it the start of a fresh jsdom with MUI for each file. So each file starts as if
 * it were alone: the app's modules evaluated afresh (the session, settings, language and shortcut
 * stores keep state at module level) and the document as a new page has it — no attributes on
 * <html> (lang, dir, the theme), no storage or cookies, nothing in <body> a test added by hand.
 * <head> keeps the style elements Emotion's cache (a library's, shared by the files) points to.
 */
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
document.body.replaceChildren();
