import { describe, expect, it } from 'vitest';
import { grantableRoles, readTeamState, writeTeamState } from './team-state';

describe('the team table state in the URL', () => {
  it('reads what the table offers and falls back to the defaults for anything else', () => {
    expect(readTeamState(new URLSearchParams('q=ann&role=manager&page=3&itemsPerPage=25'))).toEqual({
      q: 'ann',
      role: 'manager',
      page: 3,
      itemsPerPage: 25,
    });
    expect(readTeamState(new URLSearchParams('role=overlord&page=0&itemsPerPage=7'))).toEqual({
      q: '',
      role: null,
      page: 1,
      itemsPerPage: 10,
    });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const written = writeTeamState(new URLSearchParams('tab=x&page=4'), {
      q: 'ann',
      role: null,
      page: 1,
      itemsPerPage: 10,
    });
    expect(written.toString()).toBe('tab=x&q=ann');
  });
});

describe('the roles a caller may give', () => {
  it('includes the administrator only for an administrator', () => {
    expect(grantableRoles('admin')).toContain('admin');
    expect(grantableRoles('manager')).not.toContain('admin');
    expect(grantableRoles('manager')).toContain('client');
  });
});
