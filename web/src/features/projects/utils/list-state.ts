import {
  defaultOrderFor,
  defaultPageSize,
  listSorts,
  pageSizes,
  projectStatuses,
  projectTypes,
  type ListProjectsParams,
  type ListSort,
  type ProjectStatus,
  type ProjectType,
  type SortOrder,
} from '@orbit/functions/projects/contract';

/**
 * The projects list's state lives in the URL query (reload, Back and shared links keep it):
 * q, status (one status, or none for every open one), type, client, sort, order, view, size,
 * and the page: `page` (from 2) with the API's `cursor` for it. A change of the query starts
 * again from the first page (the cursor belongs to the query it came from).
 */

export type ListView = 'cards' | 'table';

export interface ListState {
  readonly q: string;
  /** Absent: every status but archived (the API's default). */
  readonly status: ProjectStatus | null;
  readonly type: ProjectType | null;
  readonly clientId: string | null;
  readonly sort: ListSort;
  readonly order: SortOrder;
  readonly view: ListView;
  readonly limit: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export const readListState = (params: URLSearchParams): ListState => {
  const sort = oneOf(listSorts, params.get('sort')) ?? 'updated';
  const size = Number(params.get('size'));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    status: oneOf(projectStatuses, params.get('status')),
    type: oneOf(projectTypes, params.get('type')),
    clientId: params.get('client') || null,
    sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? defaultOrderFor[sort],
    view: params.get('view') === 'table' ? 'table' : 'cards',
    limit: (pageSizes as readonly number[]).includes(size) ? size : defaultPageSize,
  };
};

/** Writes the state back, leaving defaults out so URLs stay short; other parameters are kept. */
export const writeListState = (current: URLSearchParams, state: ListState): URLSearchParams => {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null, fallback: string | null = null) => {
    if (value === null || value === '' || value === fallback) next.delete(name);
    else next.set(name, value);
  };
  set('q', state.q.trim());
  set('status', state.status);
  set('type', state.type);
  set('client', state.clientId);
  set('sort', state.sort, 'updated');
  set('order', state.order, defaultOrderFor[state.sort]);
  set('view', state.view, 'cards');
  set('size', String(state.limit), String(defaultPageSize));
  if (queryIdentity(readListState(current)) !== queryIdentity(state)) {
    next.delete('page');
    next.delete('cursor');
  }
  return next;
};

/** The page the URL shows: the first, or page `index + 1` opened by `cursor`. */
export interface ListPage {
  readonly index: number;
  readonly cursor?: string;
}

export const readListPage = (params: URLSearchParams): ListPage => {
  const cursor = params.get('cursor');
  if (!cursor) return { index: 0 };
  const page = Math.floor(Number(params.get('page')));
  return { index: Number.isFinite(page) && page >= 2 && page <= 10_000 ? page - 1 : 1, cursor };
};

export const writeListPage = (current: URLSearchParams, page: ListPage): URLSearchParams => {
  const next = new URLSearchParams(current);
  if (page.index === 0 || !page.cursor) {
    next.delete('page');
    next.delete('cursor');
  } else {
    next.set('page', String(page.index + 1));
    next.set('cursor', page.cursor);
  }
  return next;
};

export const toListParams = (state: ListState, cursor?: string): ListProjectsParams => ({
  ...(state.q.trim() ? { q: state.q.trim() } : {}),
  ...(state.status ? { status: state.status } : {}),
  ...(state.type ? { type: state.type } : {}),
  ...(state.clientId ? { clientId: state.clientId } : {}),
  sort: state.sort,
  order: state.order,
  limit: state.limit,
  ...(cursor ? { cursor } : {}),
});

/** What identifies a result set: a change of any of these starts again from the first page. */
export const queryIdentity = (state: ListState): string =>
  JSON.stringify([state.q.trim(), state.status, state.type, state.clientId, state.sort, state.order, state.limit]);

export const hasFilters = (state: ListState): boolean =>
  Boolean(state.q.trim() || state.status || state.type || state.clientId);
