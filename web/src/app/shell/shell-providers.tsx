import { AbilityProvider } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../../shared/api/query-client';
import { initI18n } from '../../shared/i18n/i18n';
import { addLanguagePreparer, currentDirection, currentLanguage } from '../../shared/i18n/language-store';
import { directionOf } from '../../shared/i18n/languages';
import { ability } from '../../shared/session/ability';
import { AppThemeProvider } from '../../shared/theme/app-theme-provider';
import { loadEmotionCache } from '../../shared/theme/emotion-cache';
import { loadMuiLocale } from '../../shared/theme/mui-locale';

let prepared: Promise<void> | undefined;

/**
 * Before the shell's first render: i18next with the active language, the right-to-left style
 * cache when that language needs it, and MUI's own strings in that language. Later language switches wait for the cache too, so a switch
 * to Arabic happens in one render.
 */
export const prepareShell = (): Promise<void> => {
  prepared ??= (async () => {
    addLanguagePreparer((language) => loadEmotionCache(directionOf(language)));
    addLanguagePreparer(loadMuiLocale);
    await Promise.all([initI18n(), loadEmotionCache(currentDirection()), loadMuiLocale(currentLanguage())]);
  })();
  return prepared;
};

/** What every signed-in page has around it: theme (with direction), server-state cache, ability. */
export const ShellProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AbilityProvider value={ability}>{children}</AbilityProvider>
      </QueryClientProvider>
    </AppThemeProvider>
  );
};
