import type { Caller } from '../core/caller';
import { ForbiddenError } from '../core/errors';
import { teamMessages } from './messages';

/**
 * Who may make, unmake or touch an administrator (docs/roles.md, "Team and invitations"): an
 * administrator signed in as themself, and no one else. Decided on the role, never on rules, so
 * no permission (whatever it grants on Team or Role) lets anyone else give the administrator's
 * role; and never for an API key, even an administrator's (core/api-scopes.ts refuses these
 * routes to keys before they run: this holds if a route forgets to be listed there).
 */
export const mayActOnAdministrators = (caller: Caller): boolean =>
  caller.principal.role === 'admin' && caller.principal.via === 'session';

/** 403 when any of `roles` (a member's role now, the role given, an invitation's) is the administrator's. */
export const requireAdministratorFor = (caller: Caller, ...roles: readonly string[]): void => {
  if (roles.includes('admin') && !mayActOnAdministrators(caller)) throw new ForbiddenError(teamMessages.adminOnly);
};
