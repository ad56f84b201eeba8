import { createBrowserRouter, type DataRouter } from 'react-router';
import { setSessionExpiredHandler } from '../../shared/api/api-client';
import { createRoutes } from './routes';

type RouterFactory = (
  routes: ReturnType<typeof createRoutes>,
  options: { future: { v8_middleware: true } },
) => DataRouter;

/**
 * The app's data router. Tests pass createMemoryRouter (with its initial entries bound) to run
 * the same routes, guard and middleware without a browser history.
 */
export const createAppRouter = (factory: RouterFactory = createBrowserRouter): DataRouter => {
  // The first navigation can start while the factory is still running, before `router` exists.
  const created: { router?: DataRouter } = {};
  const router = factory(
    createRoutes({
      isInitialized: () => created.router?.state.initialized ?? false,
      currentLocation: () => {
        if (!created.router) throw new Error('No current location before the first navigation');
        return created.router.state.location;
      },
    }),
    { future: { v8_middleware: true } },
  );
  created.router = router;

  // An expired session that cannot be refreshed: navigate to where the user is, and the guard
  // (now seeing nobody signed in) sends them to /login with `to` set.
  setSessionExpiredHandler(() => {
    const { pathname, search, hash } = router.state.location;
    void router.navigate(`${pathname}${search}${hash}`, { replace: true });
  });
  return router;
};
