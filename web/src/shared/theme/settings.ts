import { readCookie, removeCookie, writeCookie } from './cookies.ts';
import { isHexColor, type ColorScheme } from './palette.ts';

/**
 * The appearance and layout settings (docs/product.md#stored-values persisted settings and per-user
 * preferences), each in its own cookie named with the app prefix (`orbit-theme`, `orbit-skin`, …; 30 days,
 * path /). Framework-free, so the entry and the signed-out pages can read them without the shell; the shell's
 * hooks (app/shell/settings) and the theme provider build on it.
 */

export type ThemeMode = 'light' | 'dark' | 'system';
export type Skin = 'default' | 'bordered';
export type LayoutNav = 'vertical' | 'horizontal';
export type ContentWidth = 'boxed' | 'fluid';
export type NavbarType = 'sticky' | 'hidden';
export type FooterType = 'sticky' | 'static' | 'hidden';
export type HorizontalNavType = 'sticky' | 'static';

export interface Settings {
  readonly theme: ThemeMode;
  readonly skin: Skin;
  /** null: the default primary of docs/product.md#constants for that scheme. */
  readonly lightThemePrimaryColor: string | null;
  readonly darkThemePrimaryColor: string | null;
  readonly appContentLayoutNav: LayoutNav;
  readonly isVerticalNavCollapsed: boolean;
  readonly isVerticalNavSemiDark: boolean;
  readonly appContentWidth: ContentWidth;
  readonly navbarType: NavbarType;
  readonly isNavbarBlurEnabled: boolean;
  readonly footerType: FooterType;
  readonly horizontalNavType: HorizontalNavType;
}

/** docs/product.md#behaviour: theme system, skin default, content width boxed. */
export const defaultSettings: Settings = {
  theme: 'system',
  skin: 'default',
  lightThemePrimaryColor: null,
  darkThemePrimaryColor: null,
  appContentLayoutNav: 'vertical',
  isVerticalNavCollapsed: false,
  isVerticalNavSemiDark: false,
  appContentWidth: 'boxed',
  navbarType: 'sticky',
  isNavbarBlurEnabled: true,
  footerType: 'static',
  horizontalNavType: 'sticky',
};

export const settingOptions = {
  theme: ['light', 'dark', 'system'],
  skin: ['default', 'bordered'],
  appContentLayoutNav: ['vertical', 'horizontal'],
  appContentWidth: ['boxed', 'fluid'],
  navbarType: ['sticky', 'hidden'],
  footerType: ['sticky', 'static', 'hidden'],
  horizontalNavType: ['sticky', 'static'],
} as const satisfies Partial<Record<keyof Settings, readonly string[]>>;

type SettingKey = keyof Settings;

/**
 * The cookie of each setting is its name (docs/product.md#stored-values); the resolved scheme goes to
 * `color-scheme`.
 */
export const settingKeys = Object.keys(defaultSettings) as SettingKey[];
export const colorSchemeCookie = 'color-scheme';

const parseSetting = <K extends SettingKey>(key: K, raw: string | undefined): Settings[K] | undefined => {
  if (raw === undefined) return undefined;
  const fallback = defaultSettings[key];
  if (typeof fallback === 'boolean') {
    return (raw === 'true' ? true : raw === 'false' ? false : undefined) as Settings[K] | undefined;
  }
  if (key === 'lightThemePrimaryColor' || key === 'darkThemePrimaryColor') {
    return (isHexColor(raw) ? raw.toUpperCase() : undefined) as Settings[K] | undefined;
  }
  const options = (settingOptions as Partial<Record<SettingKey, readonly string[]>>)[key];
  return (options?.includes(raw) ? raw : undefined) as Settings[K] | undefined;
};

/** Every setting from its cookie; a missing or unreadable cookie gives the default. */
export const readSettings = (): Settings => {
  const settings: Record<string, unknown> = { ...defaultSettings };
  for (const key of settingKeys) {
    const value = parseSetting(key, readCookie(key));
    if (value !== undefined) settings[key] = value;
  }
  return settings as unknown as Settings;
};

/**
 * The rules between settings (docs/product.md#behaviour): switching to horizontal navigation makes a hidden
 * navbar sticky and uncollapses the vertical navigation.
 */
export const withSettingRules = (current: Settings, patch: Partial<Settings>): Settings => {
  const next: Settings = { ...current, ...patch };
  if (patch.appContentLayoutNav === 'horizontal') {
    return {
      ...next,
      navbarType: next.navbarType === 'hidden' ? 'sticky' : next.navbarType,
      isVerticalNavCollapsed: false,
    };
  }
  return next;
};

const prefersDark = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

/** docs/product.md#behaviour: `system` follows the operating system. */
export const resolveColorScheme = (theme: ThemeMode, systemIsDark = prefersDark()): ColorScheme =>
  theme === 'system' ? (systemIsDark ? 'dark' : 'light') : theme;

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: Settings | undefined;

export const getSettings = (): Settings => (snapshot ??= readSettings());

export const subscribeToSettings = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const notify = (): void => {
  for (const listener of listeners) listener();
};

const serialise = (value: Settings[SettingKey]): string | null => (value === null ? null : String(value));

/** Applies the rules, writes the cookies that changed, and tells subscribers. */
export const updateSettings = (patch: Partial<Settings>): Settings => {
  const previous = getSettings();
  const next = withSettingRules(previous, patch);
  for (const key of settingKeys) {
    if (next[key] === previous[key]) continue;
    const value = serialise(next[key]);
    if (value === null) removeCookie(key);
    else writeCookie(key, value);
  }
  snapshot = next;
  rememberColorScheme();
  notify();
  return next;
};

/** The customizer's reset: every setting back to its default, cookies removed. */
export const resetSettings = (): void => {
  for (const key of settingKeys) removeCookie(key);
  snapshot = { ...defaultSettings };
  rememberColorScheme();
  notify();
};

export const isDefaultSettings = (settings: Settings): boolean =>
  settingKeys.every((key) => settings[key] === defaultSettings[key]);

/** docs/product.md#stored-values `color-scheme`: the scheme in use (light or dark), kept current as the OS changes. */
export const rememberColorScheme = (): ColorScheme => {
  const scheme = resolveColorScheme(getSettings().theme);
  if (readCookie(colorSchemeCookie) !== scheme) writeCookie(colorSchemeCookie, scheme);
  return scheme;
};

/** For tests: forget the cached snapshot so the next read comes from the cookies. */
export const reloadSettings = (): void => {
  snapshot = undefined;
  notify();
};
