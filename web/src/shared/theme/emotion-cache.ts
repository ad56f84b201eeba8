import createCache, { type EmotionCache } from '@emotion/cache';
import type { Direction } from '../i18n/languages';

/**
 * One Emotion cache per direction. The right-to-left one flips styles with stylis-plugin-rtl and
 * is loaded only when a right-to-left language is chosen, so left-to-right users never download it.
 */
const ltrCache = createCache({ key: 'mui' });
let rtlCache: EmotionCache | undefined;
let rtlCacheLoading: Promise<EmotionCache> | undefined;

export const loadEmotionCache = async (direction: Direction): Promise<EmotionCache> => {
  if (direction === 'ltr') return ltrCache;
  if (rtlCache) return rtlCache;
  rtlCacheLoading ??= import('stylis-plugin-rtl').then(({ default: rtlPlugin }) => {
    rtlCache = createCache({ key: 'mui-rtl', stylisPlugins: [rtlPlugin] });
    return rtlCache;
  });
  return rtlCacheLoading;
};

/** The cache for a direction if loaded (call loadEmotionCache first), else the left-to-right one. */
export const loadedEmotionCache = (direction: Direction): EmotionCache =>
  direction === 'rtl' && rtlCache ? rtlCache : ltrCache;
