import { useSyncExternalStore } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { LoadingBar } from './shell/loading-bar';

/** docs/product.md#behaviour: the bar shows while a page load is pending, the very first one included. */
const RouterLoadingBar = ({ router }: { router: DataRouter }) => {
  const loading = useSyncExternalStore(
    (listener) => router.subscribe(listener),
    () => !router.state.initialized || router.state.navigation.state !== 'idle',
  );
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
