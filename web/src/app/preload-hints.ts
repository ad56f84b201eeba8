/**
 * What the first page needs beyond the entry chunk, asked for while the entry chunk downloads
 * instead of after it has run: the active language's `core` words (every first render waits for
 * them) and, when a session is stored, the signed-in shell's chunk (every signed-in page renders
 * inside it). Without these hints each of them waits for the entry chunk to arrive and run, one
 * round trip after another. /login signed out still downloads no shell.
 *
 * The build (vite.config.ts) inlines `preloadHints` into index.html after the pre-paint script,
 * which has set <html lang>, with the built file names. Like pre-paint.ts it must stay
 * self-contained: no imports, no outside names, plain syntax. vite.config.ts imports this module,
 * so its imports name the `.ts` extension.
 */

export interface PreloadHintsConfig {
  /** The localStorage keys that must all be set for a stored session (shared/session/session-store.ts). */
  readonly sessionKeys: readonly string[];
  /** Per language, the URL of its `core` translation chunk. */
  readonly core: Readonly<Record<string, string>>;
  /** The signed-in shell's chunk and the chunks it imports, less those index.html loads anyway. */
  readonly shell: readonly string[];
}

export function preloadHints(config: PreloadHintsConfig): void {
  const preload = (href: string): void => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As the module loader will ask (and as Vite's own preloads do), so the request is reused.
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  };
  const core = config.core[document.documentElement.lang];
  if (core) preload(core);
  let signedIn = false;
  try {
    signedIn = config.sessionKeys.every((key) => Boolean(localStorage.getItem(key)));
  } catch {
    signedIn = false;
  }
  if (signedIn) config.shell.forEach(preload);
}

/** The inline script for index.html: the function's own source, called with the build's names. */
export const preloadHintsScript = (config: PreloadHintsConfig): string =>
  `(${preloadHints.toString()})(${JSON.stringify(config)});`;
