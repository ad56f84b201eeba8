import { memberListDefaults, memberPageSizes, roles, type Role } from '@orbit/functions/team/contract';

/** The team table's state lives in the URL (search, role, page, page size): reload, Back and shared links keep it. */
export interface TeamTableState {
  readonly q: string;
  readonly role: Role | null;
  readonly page: number;
  readonly itemsPerPage: number;
}

const positiveInteger = (value: string | null): number | undefined =>
  value !== null && /^\d{1,4}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined;

export const readTeamState = (params: URLSearchParams): TeamTableState => {
  const role = params.get('role');
  const itemsPerPage = Number(params.get('itemsPerPage'));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    role: (roles as readonly string[]).includes(role ?? '') ? (role as Role) : null,
    page: positiveInteger(params.get('page')) ?? memberListDefaults.page,
    itemsPerPage: (memberPageSizes as readonly number[]).includes(itemsPerPage)
      ? itemsPerPage
      : memberListDefaults.itemsPerPage,
  };
};

/** Writes the state into the query, leaving out defaults and keeping unrelated parameters. */
export const writeTeamState = (params: URLSearchParams, state: TeamTableState): URLSearchParams => {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set('q', state.q === '' ? null : state.q);
  set('role', state.role);
  set('page', state.page === memberListDefaults.page ? null : String(state.page));
  set('itemsPerPage', state.itemsPerPage === memberListDefaults.itemsPerPage ? null : String(state.itemsPerPage));
  return next;
};

/** The roles a caller may give (an invitation, a role change): the administrator's only by an administrator. */
export const grantableRoles = (callerRole: string | undefined): readonly Role[] =>
  callerRole === 'admin' ? roles : roles.filter((role) => role !== 'admin');
