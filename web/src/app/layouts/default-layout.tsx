import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { overlayNavQuery } from '../../shared/theme/breakpoints';
import { useSettings } from '../../shared/theme/use-settings';
import { useSession } from '../../shared/session/use-session';
import { Customizer } from '../shell/customizer';
import { Footer } from '../shell/footer';
import { boxedWidth, shellLayout } from '../shell/layout-state';
import { Navbar } from '../shell/navbar';
import { useMatchedHandles } from '../shell/nav-links';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { ScrollToTop } from '../shell/scroll-to-top';
import { useStickyTopOffset } from '../shell/sticky-top';
import { prepareShell, ShellProviders } from '../shell/shell-providers';
import { useMediaQuery } from '../../shared/hooks/use-media-query';
import { VerticalNav } from '../shell/vertical-nav';

// Vertical navigation is the default; the horizontal bar's code loads for those who choose it.
const HorizontalNav = lazy(async () => ({ default: (await import('../shell/horizontal-nav')).HorizontalNav }));

export { prepareShell };

/**
 * The first stop of the Tab key: hidden until focused, then a small card in the top start corner.
 * Styled as MUI's Link (primary, underlined at 40%), without the module.
 */
const SkipLink = styled('a')(({ theme }) => ({
  ...visuallyHidden,
  color: (theme.vars ?? theme).palette.primary.main,
  textDecoration: 'underline',
  textDecorationColor: theme.alpha((theme.vars ?? theme).palette.primary.main, 0.4),
  '&:hover': { textDecorationColor: 'inherit' },
  '&:focus': {
    position: 'fixed',
    top: 8,
    insetInlineStart: 8,
    width: 'auto',
    height: 'auto',
    clip: 'auto',
    zIndex: theme.zIndex.tooltip,
    padding: theme.spacing(1),
    borderRadius: theme.shape.borderRadius,
    backgroundColor: (theme.vars ?? theme).palette.background.paper,
  },
  // The app's focus ring, on the card's edge: a gap would show the page through.
  '&:focus-visible': { outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`, outlineOffset: 0 },
}));

/**
 * docs/product.md#routes default layout, and the fixed-height content layout (chat, email) when the route asks
 * for it: the navigation (vertical, collapsible, semi-dark; horizontal; or a drawer under 1280 px),
 * the navbar, the page (boxed or full width), the footer, scroll-to-top and the customizer.
 */
const Shell = () => {
  const { t } = useTranslation();
  const settings = useSettings();
  const overlay = useMediaQuery(overlayNavQuery);
  const layout = shellLayout(settings, overlay);
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on: it is closed on the next page, and whenever
  // the window is wide enough not to need it.
  const [navOpenOn, setNavOpenOn] = useState<string | null>(null);
  const navOpen = overlay && navOpenOn === pathname;
  const setNavOpen = (open: boolean) => setNavOpenOn(open ? pathname : null);
  const leaf = useMatchedHandles().at(-1);
  const fixedHeight = leaf?.layout === 'fixed';
  useStickyTopOffset(layout);

  return (
    <Box
      className={['layout-wrapper', `layout-nav-${layout.nav}`, leaf?.layoutWrapperClasses].filter(Boolean).join(' ')}
      data-nav={layout.overlay ? 'overlay' : layout.nav}
      data-collapsed={layout.collapsed || undefined}
      sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}
    >
      <SkipLink href="#main-content">{t('app.skipToContent')}</SkipLink>
      {layout.nav === 'vertical' ? (
        <VerticalNav layout={layout} open={navOpen} onClose={() => setNavOpen(false)} />
      ) : null}
      <Box
        className="layout-content-wrapper"
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          ...(fixedHeight ? { height: '100dvh' } : {}),
        }}
      >
        <Navbar
          layout={layout}
          blur={settings.isNavbarBlurEnabled}
          navOpen={navOpen}
          onOpenNav={() => setNavOpen(true)}
        />
        {layout.nav === 'horizontal' ? (
          <Suspense fallback={null}>
            <HorizontalNav layout={layout} />
          </Suspense>
        ) : null}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{
            flex: 1,
            minHeight: 0,
            width: '100%',
            mx: 'auto',
            maxWidth: layout.boxed ? boxedWidth : 'none',
            p: { xs: 2, md: 3 },
            outline: 'none',
            display: 'flex',
            flexDirection: 'column',
            ...(fixedHeight ? { overflow: 'hidden' } : {}),
          }}
        >
          <Box sx={{ flex: 1, minHeight: 0 }}>
            <Outlet />
          </Box>
        </Box>
        <Footer layout={layout} />
      </Box>
      <ScrollToTop />
      <Customizer />
    </Box>
  );
};

/**
 * Everything under the shell belongs to one signed-in user: when another tab signs in as someone
 * else, the server-state cache, open sockets and page state start afresh rather than showing the
 * previous user's data while the guard decides where this tab goes.
 */
export const DefaultLayout = () => {
  // Signing out keeps the last user's key: the guard is about to leave the shell anyway, and a
  // fresh shell would only start requests nobody may answer.
  const userId = useSession().userData?.id;
  const [shellOwner, setShellOwner] = useState(userId);
  if (userId !== undefined && userId !== null && userId !== shellOwner) setShellOwner(userId);
  return (
    <ShellProviders key={String(shellOwner ?? '')}>
      <Shell />
    </ShellProviders>
  );
};
