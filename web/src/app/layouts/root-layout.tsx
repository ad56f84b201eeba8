import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/**
 * docs/product.md#routes: a hash anchor scrolls smoothly with a 60 px offset; any other navigation scrolls to
 * the top.
 */
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

/**
 * Around every page: the scroll position on navigation. (The loading bar sits beside the router,
 * app.tsx, so it runs without a break from the first page load through every navigation.) Plain
 * elements only: this is part of the entry chunk that /login downloads.
 */
export const RootLayout = () => {
  useScrollOnNavigation();
  return <Outlet />;
};

/** While the first page's code loads the loading bar runs (app.tsx); nothing else to show. */
export const RootHydrateFallback = () => null;
