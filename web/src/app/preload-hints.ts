/**
 * What the first page needs beyond the entry chunk, asked for while the entry chunk downloads
 * instead of after it has run: the active language's `core` words (every first render waits for
 * them), the page's layout (the signed-in shell, or the blank layout), the page's own chunk with
 * the chunks it imports, and the translation parts its route declares. Without these hints each of
 * them waits for the entry chunk to arrive and run, one round trip after another. A page is hinted
 * only to someone who will see it: a protected page to a stored session, a sign-in page to anyone,
 * so /login signed out still downloads no shell.
 *
 * The build (vite.config.ts, with preload-manifest.ts) inlines `preloadHints` into index.html
 * after the pre-paint script, which has set <html lang>, with the built file names. Like
 * pre-paint.ts it must stay self-contained: no imports, no outside names, plain syntax.
 */

export interface PreloadRoute {
  /** The route's path as a regular expression over the pathname (case-insensitive, as the router). */
  readonly pattern: string;
  readonly blank: boolean;
  /** Someone not signed in gets this page (a public or signed-out-only route). */
  readonly signedOut: boolean;
  /** The page's chunk and the chunks it imports, as indexes into `files`. */
  readonly files: readonly number[];
  /** The translation parts the route declares beyond `core`. */
  readonly parts: readonly string[];
}

export interface PreloadHintsConfig {
  /** The localStorage keys that must all be set for a stored session (shared/session/session-store.ts). */
  readonly sessionKeys: readonly string[];
  /** Every URL hinted, each once. */
  readonly files: readonly string[];
  /** Per translation part, per language, its file. */
  readonly parts: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** What each layout's chunk needs beyond index.html's own scripts. */
  readonly layouts: { readonly blank: readonly number[]; readonly shell: readonly number[] };
  readonly routes: readonly PreloadRoute[];
}

export function preloadHints(config: PreloadHintsConfig): void {
  const wanted: number[] = [];
  const want = (file: number | undefined): void => {
    if (file !== undefined && wanted.indexOf(file) < 0) wanted.push(file);
  };
  const language = document.documentElement.lang;
  const part = (name: string): void => {
    const files = config.parts[name];
    if (files) want(files[language]);
  };
  part('core');
  let signedIn = false;
  try {
    signedIn = config.sessionKeys.every((key) => Boolean(localStorage.getItem(key)));
  } catch {
    signedIn = false;
  }
  const path = location.pathname;
  let route: PreloadRoute | undefined;
  for (let i = 0; i < config.routes.length && !route; i += 1) {
    const candidate = config.routes[i];
    if (candidate && new RegExp(candidate.pattern, 'i').test(path)) route = candidate;
  }
  if (route && (signedIn || route.signedOut)) {
    (route.blank ? config.layouts.blank : config.layouts.shell).forEach(want);
    route.files.forEach(want);
    route.parts.forEach(part);
  }
  for (const file of wanted) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As the module loader will ask (and as Vite's own preloads do), so the request is reused.
    link.crossOrigin = '';
    link.href = config.files[file] ?? '';
    document.head.appendChild(link);
  }
}

/** The inline script for index.html: the function's own source, called with the build's names. */
export const preloadHintsScript = (config: PreloadHintsConfig): string =>
  `(${preloadHints.toString()})(${JSON.stringify(config)});`;
