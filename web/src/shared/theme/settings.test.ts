import { afterEach, describe, expect, it } from 'vitest';
import { cookieLifetimeDays, cookieMaxAgeSeconds, cookieName, readCookie, writeCookie } from './cookies';
import {
  defaultSettings,
  getSettings,
  isDefaultSettings,
  readSettings,
  reloadSettings,
  resetSettings,
  resolveColorScheme,
  updateSettings,
  withSettingRules,
} from './settings';

/** What the page's code wrote to document.cookie, attribute by attribute. */
const written: string[] = [];
const cookieSetter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');

const spyOnCookies = () => {
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookieSetter?.get?.call(document) as string,
    set: (value: string) => {
      written.push(value);
      cookieSetter?.set?.call(document, value);
    },
  });
};

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
};

afterEach(() => {
  Reflect.deleteProperty(document, 'cookie');
  written.length = 0;
  clearCookies();
  reloadSettings();
});

describe('settings cookies (docs/product.md#stored-values, #constants)', () => {
  it('are named with the app-title prefix and last 30 days on path /', () => {
    spyOnCookies();
    expect(cookieName('theme')).toBe('orbit-theme');
    expect(cookieLifetimeDays).toBe(30);
    updateSettings({ theme: 'dark' });
    const cookie = written.find((value) => value.startsWith('orbit-theme='));
    expect(cookie).toContain('orbit-theme=dark');
    expect(cookie).toContain(`max-age=${cookieMaxAgeSeconds}`);
    expect(cookieMaxAgeSeconds).toBe(2_592_000);
    expect(cookie).toContain('path=/');
    const expires = new Date(/expires=([^;]+)/.exec(cookie ?? '')?.[1] ?? '').getTime();
    expect(Math.abs(expires - Date.now() - 30 * 24 * 3600 * 1000)).toBeLessThan(5000);
  });

  it('default to system theme, default skin, boxed content, vertical navigation (docs/product.md#behaviour)', () => {
    expect(readSettings()).toEqual(defaultSettings);
    expect(defaultSettings).toMatchObject({
      theme: 'system',
      skin: 'default',
      appContentWidth: 'boxed',
      appContentLayoutNav: 'vertical',
      navbarType: 'sticky',
    });
  });

  it('read each setting from its cookie and ignore unreadable values', () => {
    writeCookie('theme', 'dark');
    writeCookie('skin', 'bordered');
    writeCookie('isVerticalNavCollapsed', 'true');
    writeCookie('lightThemePrimaryColor', '#00695c');
    writeCookie('footerType', 'floating');
    writeCookie('darkThemePrimaryColor', 'red');
    expect(readSettings()).toEqual({
      ...defaultSettings,
      theme: 'dark',
      skin: 'bordered',
      isVerticalNavCollapsed: true,
      lightThemePrimaryColor: '#00695C',
    });
  });

  it('write only what changed, and the reset removes every cookie', () => {
    updateSettings({ skin: 'bordered', appContentWidth: 'fluid' });
    expect(readCookie('skin')).toBe('bordered');
    expect(readCookie('appContentWidth')).toBe('fluid');
    expect(readCookie('theme')).toBeUndefined();
    expect(isDefaultSettings(getSettings())).toBe(false);
    resetSettings();
    expect(readCookie('skin')).toBeUndefined();
    expect(readCookie('appContentWidth')).toBeUndefined();
    expect(getSettings()).toEqual(defaultSettings);
    expect(isDefaultSettings(getSettings())).toBe(true);
  });

  it('remember the colour scheme in use in `color-scheme`', () => {
    updateSettings({ theme: 'dark' });
    expect(readCookie('color-scheme')).toBe('dark');
    updateSettings({ theme: 'light' });
    expect(readCookie('color-scheme')).toBe('light');
  });
});

describe('setting rules (docs/product.md#behaviour)', () => {
  it('switching to horizontal makes a hidden navbar sticky and uncollapses the vertical nav', () => {
    const before = { ...defaultSettings, navbarType: 'hidden', isVerticalNavCollapsed: true } as const;
    expect(withSettingRules(before, { appContentLayoutNav: 'horizontal' })).toMatchObject({
      appContentLayoutNav: 'horizontal',
      navbarType: 'sticky',
      isVerticalNavCollapsed: false,
    });
    expect(withSettingRules(before, { skin: 'bordered' })).toMatchObject({
      navbarType: 'hidden',
      isVerticalNavCollapsed: true,
    });
  });

  it('system follows the operating system', () => {
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
    expect(resolveColorScheme('light', true)).toBe('light');
    expect(resolveColorScheme('dark', false)).toBe('dark');
  });
});
