import type { DataRouter } from 'react-router';

/** Resolves once the router has finished its first navigation and every navigation after it. */
export const settled = (router: DataRouter): Promise<void> =>
  new Promise((resolve) => {
    const done = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (done()) return resolve();
    const unsubscribe = router.subscribe(() => {
      if (done()) {
        unsubscribe();
        resolve();
      }
    });
  });
