import { cookiePrefix } from './cookies.ts';
import { defaultLanguage, languageCookie, languageStorageKey, languages } from '../i18n/languages.ts';
import { palettes } from './palette.ts';
import { defaultSettings } from './settings.ts';

/**
 * What must be true before the first paint, so a dark-theme or Arabic user never sees a flash of
 * the wrong theme or direction: <html> gets the colour-scheme class (the one the component
 * library's theme uses), `color-scheme`, the skin, the primary colour as a CSS variable, `lang`
 * and `dir`. The build inlines `prePaint` into index.html (vite.config.ts), so it must stay
 * self-contained: no imports, no outside names, plain syntax. The app calls it again whenever a
 * setting or the operating system's scheme changes.
 *
 * vite.config.ts imports this module, so it and what it imports (cookies, settings, palette,
 * languages, app-name) name their imports with the `.ts` extension: Vite's config loader wants
 * explicit extensions.
 */

export interface PrePaintConfig {
  readonly cookiePrefix: string;
  readonly languageStorageKey: string;
  readonly languageCookie: string;
  readonly languages: readonly string[];
  readonly rtlLanguages: readonly string[];
  readonly defaultLanguage: string;
  readonly defaultTheme: string;
  readonly primaries: { readonly light: string; readonly dark: string };
}

export const prePaintConfig: PrePaintConfig = {
  cookiePrefix,
  languageStorageKey,
  languageCookie,
  languages: languages.map((language) => language.i18nLang),
  rtlLanguages: languages.filter((language) => language.isRTL).map((language) => language.i18nLang),
  defaultLanguage,
  defaultTheme: defaultSettings.theme,
  primaries: { light: palettes.light.primary, dark: palettes.dark.primary },
};

export function prePaint(config: PrePaintConfig, withLanguage: boolean): void {
  const root = document.documentElement;
  const cookie = (name: string): string | null => {
    const wanted = config.cookiePrefix + name + '=';
    const parts = document.cookie.split(';');
    for (let i = 0; i < parts.length; i += 1) {
      const part = (parts[i] || '').trim();
      if (part.indexOf(wanted) === 0) {
        try {
          return decodeURIComponent(part.slice(wanted.length));
        } catch {
          return null;
        }
      }
    }
    return null;
  };

  const theme = cookie('theme') || config.defaultTheme;
  const systemDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  const scheme = theme === 'dark' || (theme !== 'light' && systemDark) ? 'dark' : 'light';
  root.classList.remove('light', 'dark');
  root.classList.add(scheme);
  root.style.colorScheme = scheme;
  root.setAttribute('data-skin', cookie('skin') === 'bordered' ? 'bordered' : 'default');

  const chosen = cookie(scheme + 'ThemePrimaryColor');
  const primary = chosen && /^#[0-9a-f]{6}$/i.test(chosen) ? chosen : config.primaries[scheme];
  const n = parseInt(primary.slice(1), 16);
  const lin = (c: number): number => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  };
  const lum = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  // White text when it contrasts better than near-black (#111318, luminance ≈ 0.0066).
  const onPrimary = 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.0566 ? '#FFFFFF' : '#111318';
  root.style.setProperty('--orbit-primary', primary);
  root.style.setProperty('--orbit-on-primary', onPrimary);

  if (!withLanguage) return;
  let language: string | null = null;
  try {
    language = localStorage.getItem(config.languageStorageKey);
  } catch {
    language = null;
  }
  if (!language || config.languages.indexOf(language) < 0) language = cookie(config.languageCookie);
  if (!language || config.languages.indexOf(language) < 0) language = config.defaultLanguage;
  root.lang = language;
  root.dir = config.rtlLanguages.indexOf(language) >= 0 ? 'rtl' : 'ltr';
}

/** The inline script for index.html: the function's own source, called with the config. */
export const prePaintScript = (): string => `(${prePaint.toString()})(${JSON.stringify(prePaintConfig)}, true);`;

/** At run time, after a setting or the OS scheme changed: the theme part only. */
export const repaintTheme = (): void => {
  prePaint(prePaintConfig, false);
};
