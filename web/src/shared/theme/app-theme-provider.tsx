import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../i18n/languages';
import { loadedEmotionCache } from './emotion-cache';
import { createAppTheme } from './theme';

/** Theme and style cache follow the interface language's direction (spec §4). */
export const AppThemeProvider = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  const direction = directionOf(i18n.language);
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  return (
    <CacheProvider value={loadedEmotionCache(direction)}>
      <ThemeProvider theme={theme} defaultMode="system" disableTransitionOnChange>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
};
