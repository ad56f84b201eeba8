import type { ComponentType } from 'react';
import {
  data,
  matchRoutes,
  redirect,
  replace,
  type Location,
  type MiddlewareFunction,
  type RouteObject,
} from 'react-router';
import { loadTranslationParts } from '../../shared/i18n/language-store';
import type { HelpLinkName } from '../../shared/help-links';
import type { TranslationPart } from '../../shared/i18n/translation-parts';
import { getSession, isLoggedIn } from '../../shared/session/session-store';
import { isRouteHandle, type RouteHandle } from './route-handle';
import { routeTable, type RouteEntry } from './route-table';
import { needsPermissionCheck, noPermissions, resolveNavigation, type AbilityChecker } from './navigation-guard';
import { RootLayout, RootHydrateFallback } from '../layouts/root-layout';
import { ServerErrorPage } from '../../features/misc/server-error-page';

/** What the route middleware needs to know about the router it runs in. */
export interface NavigationState {
  /** False until the first navigation has finished (the page was just opened). */
  isInitialized(): boolean;
  /** Where the user is now, while the next navigation is still pending. */
  currentLocation(): Location;
}

/** The handles of the routes matching a path, outermost first (layout routes carry none). */
export const handlesOf = (routes: RouteObject[], pathname: string): RouteHandle[] =>
  (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle as unknown).filter(isRouteHandle);

/** The CASL ability, downloaded only when a navigation needs a permission check (never on /login). */
const loadAbility = async (): Promise<AbilityChecker> => (await import('../../shared/session/ability')).ability;

/**
 * docs/product.md#routes and #behaviour before every navigation: the index redirect and the guard. A redirect
 * replaces the history entry on the first load (so Back does not bounce) and is a new entry otherwise.
 */
const guardMiddleware =
  (getRoutes: () => RouteObject[], state: NavigationState): MiddlewareFunction =>
  async ({ request }) => {
    const url = new URL(request.url);
    const session = getSession();
    const handles = handlesOf(getRoutes(), url.pathname);
    const target = resolveNavigation(
      { pathname: url.pathname, search: url.search },
      handles,
      { isLoggedIn: isLoggedIn(session), userData: session.userData },
      needsPermissionCheck(handles, session.userData) ? await loadAbility() : noPermissions,
    );
    if (target !== null) throw state.isInitialized() ? redirect(target) : replace(target);
  };

/**
 * /wiki and /telegram open their destination in a new tab and cancel the in-app navigation: the
 * user stays where they were. Typed into the address bar there is nowhere to stay, so the tab
 * itself goes to the destination. Until an admin sets one, the route renders its page, which
 * says so (shared/help-links.ts).
 */
const externalLinkMiddleware =
  (name: HelpLinkName, state: NavigationState): MiddlewareFunction =>
  async () => {
    // Downloaded and read here, not with the app: /login's first download does not carry it.
    const { loadHelpLink } = await import('../../shared/help-links');
    const url = await loadHelpLink(name);
    if (url === null) return;
    if (!state.isInitialized()) throw redirect(url);
    window.open(url, '_blank', 'noopener,noreferrer');
    const { pathname, search, hash } = state.currentLocation();
    throw replace(`${pathname}${search}${hash}`);
  };

/**
 * A page's code and the translation parts it declares download together, and the page renders once
 * both are here: never with untranslated keys, and without waiting for one download to start the
 * other.
 */
const withTranslations =
  (page: () => Promise<ComponentType>, parts: readonly TranslationPart[]) => async (): Promise<ComponentType> => {
    const [Component] = await Promise.all([page(), loadTranslationParts(parts)]);
    return Component;
  };

/**
 * A route whose parameters take only some values (/apps/email/:filter): any other value is a
 * 404, which the root error boundary shows as the not-found page, at the URL that was asked for.
 */
const paramValuesMiddleware =
  (allowed: Readonly<Record<string, readonly string[]>>): MiddlewareFunction =>
  ({ params }) => {
    for (const [name, values] of Object.entries(allowed)) {
      const value = params[name];
      if (value !== undefined && !values.includes(value)) throw data(null, { status: 404 });
    }
  };

const toRoute = (entry: RouteEntry, state: NavigationState): RouteObject => {
  const { page, parts = [], externalLink, paramValues } = entry;
  const middleware = [
    ...(externalLink ? [externalLinkMiddleware(externalLink, state)] : []),
    ...(paramValues ? [paramValuesMiddleware(paramValues)] : []),
  ];
  return {
    path: entry.path,
    handle: entry.handle,
    // Routes without a page never render (their middleware always redirects): say so explicitly.
    ...(page ? { lazy: { Component: withTranslations(page, parts) } } : { element: null }),
    ...(middleware.length > 0 ? { middleware } : {}),
  };
};

/**
 * The route tree: the flat table of docs/product.md#routes grouped under its layouts. Pages in the blank layout and
 * pages in the app shell load separately, so /login never downloads the shell. Routes that never
 * render (the index) sit outside both layouts so they download nothing. The shell's
 * chunk brings the component library, i18next, the query cache and CASL, and prepares them
 * (language resources, right-to-left styles) before its first render; each page brings the
 * translation parts it declares.
 */
export const createRoutes = (state: NavigationState): RouteObject[] => {
  const blank = routeTable.filter((entry) => entry.page && entry.handle.layout === 'blank');
  const shell = routeTable.filter((entry) => entry.page && entry.handle.layout !== 'blank');
  const bare = routeTable.filter((entry) => !entry.page);

  const routes: RouteObject[] = [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: RootHydrateFallback,
      ErrorBoundary: ServerErrorPage,
      middleware: [guardMiddleware(() => routes, state)],
      children: [
        ...bare.map((entry) => toRoute(entry, state)),
        {
          id: 'layout-blank',
          lazy: { Component: async () => (await import('../layouts/blank-layout')).BlankLayout },
          children: blank.map((entry) => toRoute(entry, state)),
        },
        {
          id: 'layout-default',
          lazy: {
            Component: async () => {
              const { DefaultLayout, prepareShell } = await import('../layouts/default-layout');
              await prepareShell();
              return DefaultLayout;
            },
          },
          children: shell.map((entry) => toRoute(entry, state)),
        },
      ],
    },
  ];
  return routes;
};
