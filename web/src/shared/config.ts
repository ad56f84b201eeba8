export { appName } from './app-name';

/**
 * External destinations opened by /wiki and /telegram (docs/product.md#routes does not name them). Set them at
 * build time with VITE_WIKI_URL / VITE_TELEGRAM_URL; the defaults are placeholders that say so.
 */
export const externalLinks = {
  wiki: import.meta.env.VITE_WIKI_URL || 'https://orbit.example.com/wiki',
  telegram: import.meta.env.VITE_TELEGRAM_URL || 'https://t.me/',
} as const;
