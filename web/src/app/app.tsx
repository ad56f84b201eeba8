import { useEffect, useState } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { LoadingBar } from './shell/loading-bar';

const isLoading = (router: DataRouter): boolean =>
  !router.state.initialized || router.state.navigation.state !== 'idle';

/**
 * docs/product.md#behaviour: the bar shows while a page load is pending, the very first one included.
 * It follows the router through state and an effect, not useSyncExternalStore: the router changes
 * while React draws a page in slices (a transition), and a store read with useSyncExternalStore
 * that changes meanwhile makes React throw the slices away and draw the whole app again at once,
 * in one long task (that happened on most first loads of a signed-in page).
 */
const RouterLoadingBar = ({ router }: { router: DataRouter }) => {
  const [loading, setLoading] = useState(() => isLoading(router));
  useEffect(() => {
    const follow = () => setLoading(isLoading(router));
    // Whatever changed between the first render and this subscription.
    follow();
    return router.subscribe(follow);
  }, [router]);
  return <LoadingBar loading={loading} />;
};

/**
 * The entry's whole app: the router and its loading bar. Everything the signed-in app needs on
 * top (component library theme, i18next, query cache, CASL) comes with the shell's layout chunk
 * (layouts/default-layout.tsx), so /login downloads none of it.
 */
export const App = ({ router }: { router: DataRouter }) => {
  return (
    <>
      <RouterLoadingBar router={router} />
      <RouterProvider router={router} />
    </>
  );
};
