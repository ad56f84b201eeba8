import { createBrowserRouter, type DataRouter } from 'react-router';
import { setSessionExpiredHandler } from '../../shared/api/api-client';
import { createRoutes } from './routes';
import {
  getSession,
  isLoggedIn,
  sessionIdentity,
  subscribeToRulesReplaced,
  subscribeToSessionFromOtherTabs,
} from '../../shared/session/session-store';
import { redirectTargetFrom } from '../../features/auth/utils/redirect-target';
import { isRouteHandle } from './route-handle';

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
  const reenter = () => {
    const { pathname, search, hash } = router.state.location;
    void router.navigate(`${pathname}${search}${hash}`, { replace: true });
  };
  setSessionExpiredHandler(reenter);

  // Another tab signed out, or signed in (perhaps as someone else), or the server pushed new
  // rules (docs/roles.md): this tab follows at once. The guard runs again where the user is
  // (signed out → /login?to=…, not allowed → /not-authorized); a sign-in page, which a signed-in
  // user may still see, goes where a sign-in here would go.
  let identity = sessionIdentity(getSession());
  const follow = () => {
    const next = sessionIdentity(getSession());
    if (next === identity) return;
    identity = next;
    if (!router.state.initialized) return;
    const signedOutOnly = router.state.matches.some((match) => {
      const handle: unknown = match.route.handle;
      return isRouteHandle(handle) && handle.unauthenticatedOnly === true;
    });
    if (isLoggedIn(getSession()) && signedOutOnly) {
      const to = new URLSearchParams(router.state.location.search).get('to');
      void router.navigate(redirectTargetFrom(to), { replace: true });
    } else {
      reenter();
    }
  };
  const stopFollowing = subscribeToSessionFromOtherTabs(follow);
  const stopFollowingRules = subscribeToRulesReplaced(follow);
  const dispose = router.dispose.bind(router);
  router.dispose = () => {
    stopFollowing();
    stopFollowingRules();
    dispose();
  };
  return router;
};
