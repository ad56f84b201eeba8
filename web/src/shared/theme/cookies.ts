import { appName } from '../app-name.ts';

/**
 * Preference cookies (docs/product.md#stored-values, #constants): named with the app-title prefix
 * (`orbit-theme`), 30 days, path '/'. Cookies rather than localStorage so the inline script in index.html can
 * read them before the first paint, and a server could too.
 */
export const cookiePrefix = `${appName.toLowerCase()}-`;
export const cookieLifetimeDays = 30;
export const cookieMaxAgeSeconds = cookieLifetimeDays * 24 * 60 * 60;

export const cookieName = (name: string): string => `${cookiePrefix}${name}`;

export const readCookie = (name: string): string | undefined => {
  const wanted = cookieName(name);
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== wanted) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
};

export const writeCookie = (name: string, value: string, maxAgeSeconds = cookieMaxAgeSeconds): void => {
  const expires = new Date(Date.now() + maxAgeSeconds * 1000).toUTCString();
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${cookieName(name)}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; expires=${expires}; path=/; samesite=lax${secure}`;
};

export const removeCookie = (name: string): void => {
  writeCookie(name, '', 0);
};
