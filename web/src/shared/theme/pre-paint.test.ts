import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { neutrals, palettes } from './palette';
import { prePaint, prePaintConfig, prePaintScript } from './pre-paint';

const setCookies = (cookies: Record<string, string>) => {
  for (const [name, value] of Object.entries(cookies))
    document.cookie = `orbit-${name}=${encodeURIComponent(value)}; path=/`;
};

const prefersDark = (dark: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query.includes('dark'), media: query }));

afterEach(() => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

describe('the pre-paint script (no flash of the wrong theme)', () => {
  it('follows the OS under the default `system` theme', () => {
    prefersDark(true);
    prePaint(prePaintConfig, true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--orbit-primary')).toBe(palettes.dark.primary);
    prefersDark(false);
    prePaint(prePaintConfig, true);
    expect(document.documentElement.className).toBe('light');
  });

  it('applies the stored theme, skin, primary colour, language and direction', () => {
    prefersDark(false);
    setCookies({ theme: 'dark', skin: 'bordered', darkThemePrimaryColor: '#FFB74D' });
    localStorage.setItem('language', 'ar');
    prePaint(prePaintConfig, true);
    const root = document.documentElement;
    expect(root.className).toBe('dark');
    expect(root.getAttribute('data-skin')).toBe('bordered');
    expect(root.style.getPropertyValue('--orbit-primary')).toBe('#FFB74D');
    expect(root.style.getPropertyValue('--orbit-on-primary')).toBe('#111318');
    expect(root.lang).toBe('ar');
    expect(root.dir).toBe('rtl');
  });

  it('falls back to the language cookie, then English', () => {
    prefersDark(false);
    setCookies({ language: 'fr' });
    prePaint(prePaintConfig, true);
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    document.cookie = 'orbit-language=; max-age=0; path=/';
    prePaint(prePaintConfig, true);
    expect(document.documentElement.lang).toBe('en');
  });

  it('is inlined as a self-contained script that runs on its own', () => {
    prefersDark(true);
    setCookies({ theme: 'light' });
    const script = prePaintScript();
    expect(script).not.toMatch(/\bimport\b|\brequire\(/);
    new Function(script)();
    expect(document.documentElement.className).toBe('light');
  });
});

describe('palette', () => {
  it('uses docs/product.md#constants primaries: light a blue and an orange-red, dark a teal and a blue', () => {
    expect(palettes).toEqual({
      light: { primary: '#1565C0', secondary: '#D84315' },
      dark: { primary: '#4DB6AC', secondary: '#64B5F6' },
    });
  });

  it('agrees with the signed-out pages’ stylesheet', () => {
    const css = readFileSync(join(import.meta.dirname, 'base.css'), 'utf8').toLowerCase();
    const [light = '', dark = ''] = css.split(':root.dark');
    for (const [scheme, block] of [
      ['light', light],
      ['dark', dark],
    ] as const) {
      expect(block).toContain(`--orbit-bg: ${neutrals[scheme].background}`.toLowerCase());
      expect(block).toContain(`--orbit-paper: ${neutrals[scheme].paper}`.toLowerCase());
      expect(block).toContain(`--orbit-text: ${neutrals[scheme].text}`.toLowerCase());
      expect(block).toContain(`--orbit-primary: ${palettes[scheme].primary}`.toLowerCase());
    }
  });
});
