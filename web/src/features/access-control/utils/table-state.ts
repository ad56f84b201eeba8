import {
  allItems,
  orderByValues,
  pageSizeOptions,
  permissionListDefaults,
  type ListPermissionsParams,
  type OrderBy,
} from '@orbit/functions/permissions/contract';

/**
 * The permissions table's state lives in the URL (search, sort, page, page size), so a reload,
 * a shared link or Back shows the same rows. Values the table does not offer fall back to the
 * defaults of docs/product.md#constants instead of producing a bad request.
 */
export interface TableState {
  readonly q: string;
  /** Sorting by name (docs/product.md#calls: the only sortable column) or the stored order. */
  readonly sortBy: 'name' | null;
  readonly orderBy: OrderBy;
  readonly page: number;
  readonly itemsPerPage: number;
}

export const defaultTableState: TableState = {
  q: '',
  sortBy: null,
  orderBy: 'asc',
  page: permissionListDefaults.page,
  itemsPerPage: permissionListDefaults.itemsPerPage,
};

const positiveInteger = (value: string | null): number | undefined =>
  value !== null && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined;

export const readTableState = (params: URLSearchParams): TableState => {
  const itemsPerPage = Number(params.get('itemsPerPage'));
  const orderBy = params.get('orderBy');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    sortBy: params.get('sortBy') === 'name' ? 'name' : null,
    orderBy: (orderByValues as readonly string[]).includes(orderBy ?? '') ? (orderBy as OrderBy) : 'asc',
    page: positiveInteger(params.get('page')) ?? defaultTableState.page,
    itemsPerPage: (pageSizeOptions as readonly number[]).includes(itemsPerPage)
      ? itemsPerPage
      : defaultTableState.itemsPerPage,
  };
};

/** Writes the state into the URL's query, leaving out defaults and keeping unrelated parameters. */
export const writeTableState = (params: URLSearchParams, state: TableState): URLSearchParams => {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set('q', state.q === '' ? null : state.q);
  set('sortBy', state.sortBy);
  set('orderBy', state.sortBy === null ? null : state.orderBy);
  set('page', state.page === defaultTableState.page ? null : String(state.page));
  set('itemsPerPage', state.itemsPerPage === defaultTableState.itemsPerPage ? null : String(state.itemsPerPage));
  return next;
};

export const toListParams = (state: TableState): ListPermissionsParams => ({
  q: state.q,
  ...(state.sortBy ? { sortBy: state.sortBy, orderBy: state.orderBy } : {}),
  page: state.page,
  itemsPerPage: state.itemsPerPage,
});

/** The last page that has rows, for when deleting or searching leaves the current one empty. */
export const lastPage = (total: number, itemsPerPage: number): number =>
  itemsPerPage === allItems ? 1 : Math.max(1, Math.ceil(total / itemsPerPage));
