import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';

/** Spec §2: a hash anchor scrolls smoothly with a 60 px offset; any other navigation scrolls to the top. */
export const scrollOffset = 60;

const useScrollOnNavigation = (): void => {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) {
      window.scrollTo({ top: anchor.getBoundingClientRect().top + window.scrollY - scrollOffset, behavior: 'smooth' });
    } else {
      window.scrollTo({ top: 0 });
    }
  }, [pathname, hash]);
};

/** A thin progress bar while the next page loads; the shell issue replaces it with spec §4's loading bar. */
const NavigationProgress = () => {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <LinearProgress
      aria-label={t('app.loading')}
      sx={{ position: 'fixed', insetInline: 0, top: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
};

export const RootLayout = () => {
  useScrollOnNavigation();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
};

/** Shown while the first page's code loads. */
export const RootHydrateFallback = () => {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ p: 0 }}>
      <LinearProgress aria-label={t('app.loading')} />
    </Box>
  );
};
