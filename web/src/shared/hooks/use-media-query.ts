import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches now; re-renders when it changes. */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  const matches = () => window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, matches, matches);
};
