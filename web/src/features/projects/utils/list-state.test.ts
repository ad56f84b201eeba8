import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  queryIdentity,
  readListPage,
  readListState,
  toListParams,
  writeListPage,
  writeListState,
} from './list-state';

describe('list state in the URL', () => {
  it('reads defaults from an empty query', () => {
    const state = readListState(new URLSearchParams());
    expect(state).toEqual({
      q: '',
      status: null,
      type: null,
      clientId: null,
      sort: 'updated',
      order: 'desc',
      view: 'cards',
      limit: 12,
    });
    expect(hasFilters(state)).toBe(false);
  });

  it('ignores values it does not know', () => {
    const state = readListState(new URLSearchParams('status=finished&type=garden&sort=size&size=7&view=grid'));
    expect(state).toMatchObject({ status: null, type: null, sort: 'updated', limit: 12, view: 'cards' });
  });

  it('round-trips, leaving defaults out of the URL and keeping other parameters', () => {
    const state = readListState(new URLSearchParams('q=acme&status=active&type=design&sort=name&view=table&size=24'));
    const written = writeListState(new URLSearchParams('tab=x'), state);
    expect(written.get('tab')).toBe('x');
    expect(written.has('order')).toBe(false); // name sorts ascending by default
    expect(readListState(written)).toEqual(state);
    expect(writeListState(new URLSearchParams(), readListState(new URLSearchParams())).toString()).toBe('');
  });

  it('turns the state into API parameters', () => {
    const state = readListState(new URLSearchParams('q=%20acme%20&client=c1&sort=due'));
    expect(toListParams(state, 'CURSOR')).toEqual({
      q: 'acme',
      clientId: 'c1',
      sort: 'due',
      order: 'asc',
      limit: 12,
      cursor: 'CURSOR',
    });
  });

  it('starts again from the first page when the query changes, not when the view does', () => {
    const base = readListState(new URLSearchParams('q=a'));
    expect(queryIdentity({ ...base, view: 'table' })).toBe(queryIdentity(base));
    expect(queryIdentity({ ...base, q: 'b' })).not.toBe(queryIdentity(base));
  });

  it('keeps the page and its cursor until the query changes', () => {
    const onPage3 = writeListPage(new URLSearchParams('q=a'), { index: 2, cursor: 'C3' });
    expect(onPage3.toString()).toBe('q=a&page=3&cursor=C3');
    expect(readListPage(onPage3)).toEqual({ index: 2, cursor: 'C3' });
    expect(readListPage(new URLSearchParams('page=5'))).toEqual({ index: 0 });
    expect(readListPage(new URLSearchParams('page=zero&cursor=C'))).toEqual({ index: 1, cursor: 'C' });
    const state = readListState(onPage3);
    expect(writeListState(onPage3, { ...state, view: 'table' }).get('cursor')).toBe('C3');
    expect(writeListState(onPage3, { ...state, q: 'b' }).has('cursor')).toBe(false);
    expect(writeListPage(onPage3, { index: 0 }).toString()).toBe('q=a');
  });
});
