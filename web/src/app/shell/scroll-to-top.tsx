import { lazy, Suspense, useEffect, useState } from 'react';
import { useOpenedOnce } from '../../shared/ui/deferred';

/** docs/product.md#shell, #constants: the button appears once the page is scrolled more than 200 px. */
export const scrollToTopThreshold = 200;

export const isPastScrollThreshold = (scrollY: number): boolean => scrollY > scrollToTopThreshold;

// The button (Fab and its Zoom transition) loads the first time the page is scrolled that far.
const ScrollToTopButton = lazy(async () => ({ default: (await import('./scroll-to-top-button')).ScrollToTopButton }));

/** Scrolls smoothly back to the top. */
export const ScrollToTop = () => {
  const [visible, setVisible] = useState(() => isPastScrollThreshold(window.scrollY));
  useEffect(() => {
    const onScroll = () => setVisible(isPastScrollThreshold(window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return useOpenedOnce(visible) ? (
    <Suspense fallback={null}>
      <ScrollToTopButton visible={visible} />
    </Suspense>
  ) : null;
};
