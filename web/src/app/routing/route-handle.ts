import type { Action, Subject } from '@orbit/functions/core/ability';

/** Every route name of docs/product.md#routes (the catch-all's name is `$error`, as there). */
export const routeNames = [
  'index',
  'login',
  'register',
  'forgot-password',
  'not-authorized',
  '$error',
  'access-control',
  'apps-permissions',
  'apps-channels',
  'apps-chat',
  'apps-email',
  'apps-email-filter',
  'apps-email-label',
  'apps-integrations',
  'apps-mailings',
  'apps-project-create-type',
  'project-edit',
  'apps-projects',
  // Beyond the table of docs/product.md#routes: one project with its task board.
  'apps-project-view',
  'information-plans',
  'information-referrals',
  'user-view',
  'known-base',
  'telegram',
  // Beyond the table of docs/product.md#routes (docs/roles.md): the team page and an invitation link.
  'apps-team',
  'invitation',
  // Beyond the table of docs/product.md#routes (docs/mailings.md): the public unsubscribe link.
  'unsubscribe',
  // Beyond the table of docs/product.md#routes (docs/user-view.md): undo a sign-in email or phone change.
  'contact-change-undo',
] as const;

export type RouteName = (typeof routeNames)[number];

/** `blank` pages stand alone; `default` and `fixed` (fixed-height content) sit in the app shell. */
export type RouteLayout = 'blank' | 'default' | 'fixed';

/** The flags docs/product.md#routes puts on each route, carried on the react-router route's `handle`. */
export interface RouteHandle {
  readonly name: RouteName;
  /** Absent means the default layout. */
  readonly layout?: RouteLayout;
  readonly public?: boolean;
  readonly unauthenticatedOnly?: boolean;
  /** The navigation item this route highlights when it is not itself in the navigation. */
  readonly navActiveLink?: RouteName;
  readonly action?: Action;
  readonly subject?: Subject;
  readonly layoutWrapperClasses?: string;
}

export const isRouteHandle = (value: unknown): value is RouteHandle =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  (routeNames as readonly string[]).includes((value as { name: string }).name);
