import { describe, expect, it } from 'vitest';
import { defaultTableState, lastPage, readTableState, toListParams, writeTableState } from './table-state';

describe('the permissions table state in the URL', () => {
  it('reads the defaults of docs/product.md#constants from an empty query', () => {
    expect(readTableState(new URLSearchParams())).toEqual(defaultTableState);
  });

  it('round-trips every value the table offers, leaving defaults out of the URL', () => {
    const state = { q: 'manage', sortBy: 'name' as const, orderBy: 'desc' as const, page: 2, itemsPerPage: -1 };
    const written = writeTableState(new URLSearchParams('tab=1'), state);
    expect(written.toString()).toBe('tab=1&q=manage&sortBy=name&orderBy=desc&page=2&itemsPerPage=-1');
    expect(readTableState(written)).toEqual(state);
    expect(writeTableState(written, defaultTableState).toString()).toBe('tab=1');
  });

  it('falls back to defaults for values the table does not offer', () => {
    expect(readTableState(new URLSearchParams('sortBy=createdDate&orderBy=up&page=0&itemsPerPage=7'))).toEqual(
      defaultTableState,
    );
    expect(readTableState(new URLSearchParams('page=abc&itemsPerPage=-2')).page).toBe(1);
  });

  it('asks the API to sort only when sorting by name', () => {
    expect(toListParams(defaultTableState)).toEqual({ q: '', page: 1, itemsPerPage: 10 });
    expect(toListParams({ ...defaultTableState, sortBy: 'name', orderBy: 'desc' })).toMatchObject({
      sortBy: 'name',
      orderBy: 'desc',
    });
  });

  it('knows the last page with rows', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(21, 10)).toBe(3);
    expect(lastPage(21, -1)).toBe(1);
  });
});
