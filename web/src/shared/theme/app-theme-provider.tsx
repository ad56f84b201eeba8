import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { currentLanguage, subscribeToLanguage } from '../i18n/language-store';
import { directionOf } from '../i18n/languages';
import { loadedMuiLocale } from './mui-locale';
import { loadedEmotionCache } from './emotion-cache';
import type { ThemeMode } from './settings';
import { createAppTheme } from './theme';
import { useSettings } from './use-settings';

/** MUI's colour mode follows the `theme` setting (light, dark, system: MUI then follows the OS live). */
const ModeFollower = ({ mode }: { mode: ThemeMode }) => {
  const { mode: current, setMode } = useColorScheme();
  useEffect(() => {
    if (current !== mode) setMode(mode);
  }, [current, mode, setMode]);
  return null;
};

/**
 * The component library's theme for the signed-in app: the settings (theme, skin, primary
 * colours; cookies, see settings.ts) and the interface language's direction, with the matching
 * style cache (right-to-left styles flip with stylis-plugin-rtl). MUI keeps nothing in storage of
 * its own: the cookies are the one source.
 */
export const AppThemeProvider = ({ children }: { children: ReactNode }) => {
  const settings = useSettings();
  const language = useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
  const direction = directionOf(language);
  const locale = loadedMuiLocale(language);
  const { skin, lightThemePrimaryColor, darkThemePrimaryColor } = settings;
  const theme = useMemo(
    () =>
      createAppTheme({
        direction,
        skin,
        primaries: { light: lightThemePrimaryColor, dark: darkThemePrimaryColor },
        locale,
      }),
    [direction, skin, lightThemePrimaryColor, darkThemePrimaryColor, locale],
  );
  return (
    <CacheProvider value={loadedEmotionCache(direction)}>
      <ThemeProvider theme={theme} defaultMode={settings.theme} storageManager={null} noSsr disableTransitionOnChange>
        <ModeFollower mode={settings.theme} />
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
};
