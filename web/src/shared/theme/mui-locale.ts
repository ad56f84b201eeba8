import type { Localization } from '@mui/material/locale';
import type { Language } from '../i18n/languages';

/**
 * MUI's own words (the Autocomplete's "Open", pagination's labels, "Close" on alerts…) in the
 * interface language. English is MUI's default and costs nothing; French and Arabic load with
 * their language (a language preparer, like the right-to-left styles), never in the first
 * download of an English session.
 */
const loaders: Partial<Record<Language, () => Promise<{ muiLocale: Localization }>>> = {
  fr: () => import('./mui-locales/fr'),
  ar: () => import('./mui-locales/ar'),
};

const loaded = new Map<Language, Localization>();

export const loadMuiLocale = async (language: Language): Promise<void> => {
  const load = loaders[language];
  if (!load || loaded.has(language)) return;
  loaded.set(language, (await load()).muiLocale);
};

/** The pack for a language once loaded; undefined for English (MUI's defaults). */
export const loadedMuiLocale = (language: Language): Localization | undefined => loaded.get(language);
