import { useEffect } from 'react';
import { mainNavigationId, type ShellLayout } from './layout-state';

/** Room between the sticky bars and whatever the browser scrolls into view. */
const breathingRoom = 8;

/**
 * Keeps `scroll-padding-top` on <html> equal to the height of what sticks to the window's top
 * (the navbar, and the horizontal navigation when it sticks), so that every scroll the browser
 * makes to bring something into view (focusing the first invalid field of any form, a hash link,
 * scrollIntoView) stops below them instead of under them.
 *
 * The property is set on <html> itself, not through an inherited custom property: changing one of
 * those restyles the whole document. And the bars are measured when the browser lays them out
 * (ResizeObserver calls back once they are, then on every change), never from the effect, which
 * would force a layout of the whole page in the middle of its first render.
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
      root.style.scrollPaddingTop = `${Math.ceil(height) + (height > 0 ? breathingRoom : 0)}px`;
    };
    const reset = () => root.style.removeProperty('scroll-padding-top');
    // Without ResizeObserver (old browsers, jsdom) one measure, now, stands.
    if (typeof ResizeObserver === 'undefined') {
      update();
      return reset;
    }
    const observer = new ResizeObserver(update);
    for (const bar of sticking()) observer.observe(bar);
    return () => {
      observer.disconnect();
      reset();
    };
  }, [layout.nav, layout.horizontalNav, layout.navbar]);
};
