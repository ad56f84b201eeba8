import { describe, expect, it } from 'vitest';

import { abilityRulesFor, buildAbility } from './ability';
import { authorize, authorizeResource, listScope, scopeValue } from './authorize';
import { ForbiddenError, NotFoundError } from './errors';

const admin = buildAbility(abilityRulesFor({ id: 'admin-1', role: 'admin' }));
const clientA = buildAbility(abilityRulesFor({ id: 'client-a', role: 'client' }));

describe('authorize', () => {
  it('throws 403 when no rule grants the action on the subject type', () => {
    expect(() => authorize(clientA, 'read', 'Permission')).toThrow(ForbiddenError);
    expect(() => authorize(admin, 'delete', 'Permission')).not.toThrow();
    expect(() => authorize(clientA, 'read', 'AclDemo')).not.toThrow();
  });

  it("checks a new record's fields against the conditions", () => {
    expect(() => authorize(clientA, 'create', 'Comment', { clientId: 'client-a' })).not.toThrow();
    expect(() => authorize(clientA, 'create', 'Comment', { clientId: 'client-b' })).toThrow(ForbiddenError);
  });
});

describe('authorizeResource', () => {
  const own = { id: 'p1', clientId: 'client-a' };
  const theirs = { id: 'p2', clientId: 'client-b' };

  it('returns a record the caller may act on, untouched', () => {
    expect(authorizeResource(clientA, 'read', 'Project', own)).toBe(own);
    expect(Object.keys(own)).toEqual(['id', 'clientId']);
    expect(authorizeResource(admin, 'delete', 'Project', theirs)).toBe(theirs);
  });

  it("answers 404 for another client's record, as for a missing one", () => {
    expect(() => authorizeResource(clientA, 'read', 'Project', theirs)).toThrow(NotFoundError);
    expect(() => authorizeResource(clientA, 'update', 'Project', theirs)).toThrow(NotFoundError);
    expect(() => authorizeResource(clientA, 'read', 'Project', undefined)).toThrow(NotFoundError);
  });

  it('refuses a record that lacks the owner field, or whose owner differs only in type', () => {
    expect(() => authorizeResource(clientA, 'read', 'Project', { id: 'p3' })).toThrow(NotFoundError);
    expect(() => authorizeResource(clientA, 'read', 'User', { id: 'client-a ' })).toThrow(NotFoundError);
    expect(authorizeResource(clientA, 'read', 'User', { id: 'client-a' })).toEqual({ id: 'client-a' });
  });

  it('answers 403 when the caller may see the record but not do this to it', () => {
    expect(() => authorizeResource(clientA, 'update', 'Project', own)).toThrow(ForbiddenError);
  });
});

describe('listScope', () => {
  it('is everything for an admin and the own records for a client', () => {
    expect(listScope(admin, 'read', 'Project')).toEqual({ kind: 'all' });
    const scope = listScope(clientA, 'read', 'Project');
    expect(scope).toEqual({ kind: 'only', conditions: [{ clientId: 'client-a' }] });
    expect(scopeValue(scope, 'clientId')).toBe('client-a');
    expect(scopeValue(listScope(admin, 'read', 'Project'), 'clientId')).toBeUndefined();
  });

  it('refuses a list the caller may not read at all', () => {
    expect(() => listScope(clientA, 'read', 'Permission')).toThrow(ForbiddenError);
  });
});
