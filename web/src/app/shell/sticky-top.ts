import { useEffect } from 'react';
import { mainNavigationId, type ShellLayout } from './layout-state';

/** The CSS variable base.css reads for `scroll-padding-top` (shared/theme/base.css). */
export const stickyTopVariable = '--orbit-sticky-top';
/** Room between the sticky bars and whatever the browser scrolls into view. */
const breathingRoom = 8;

/**
 * Keeps `--orbit-sticky-top` on <html> equal to the height of what sticks to the window's top
 * (the navbar, and the horizontal navigation when it sticks), so that every scroll the browser
 * makes to bring something into view (focusing the first invalid field of any form, a hash link,
 * scrollIntoView) stops below them instead of under them.
 */
export const useStickyTopOffset = (layout: ShellLayout): void => {
  useEffect(() => {
    const root = document.documentElement;
    const sticking = (): HTMLElement[] => {
      const bars: HTMLElement[] = [];
      const header = document.querySelector<HTMLElement>('.layout-content-wrapper > header');
      if (header) bars.push(header);
      const nav = document.getElementById(mainNavigationId);
      if (nav && layout.nav === 'horizontal' && layout.horizontalNav === 'sticky') bars.push(nav);
      return bars;
    };
    const update = () => {
      const height = sticking().reduce((sum, bar) => sum + bar.getBoundingClientRect().height, 0);
      root.style.setProperty(stickyTopVariable, `${Math.ceil(height) + (height > 0 ? breathingRoom : 0)}px`);
    };
    update();
    // Without ResizeObserver (old browsers, jsdom) the first measure stands.
    if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty(stickyTopVariable);
    const observer = new ResizeObserver(update);
    for (const bar of sticking()) observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty(stickyTopVariable);
    };
  }, [layout.nav, layout.horizontalNav, layout.navbar]);
};
