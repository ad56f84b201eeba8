import { subject as asSubject } from '@casl/ability';

import type { Action, AppAbility, Subject } from './ability';
import { ForbiddenError, NotFoundError } from './errors';

/**
 * Server-side decisions with the shared ability (core/ability.ts). Every signed-in handler
 * authorises before it touches data, with one of these:
 *
 * - `authorize(ability, action, 'Permission')` — may the caller do this to such things at all?
 *   403 when no rule grants it (e.g. a client creating a permission).
 * - `authorize(ability, action, 'Project', { clientId })` — may the caller do this to a record
 *   with these fields (a new record, before it exists)? 403 when the conditions do not match.
 * - `authorizeResource(ability, action, 'Project', record)` — for a record named by the request
 *   (an id in the path). **404, not 403, when the record is missing or the caller may not even
 *   read it**, so another client's ids reveal nothing; 403 when the caller may read it but not
 *   do this (a client updating its own project).
 * - `listScope(ability, 'read', 'Project')` — which records a list may return: all of them, or
 *   only those matching the rules' conditions (the list Queries the index that bounds it).
 */

type Fields = Readonly<Record<string, unknown>>;

const target = (subjectType: Subject, fields: Fields | undefined) =>
  // `subject()` tags the object it is given; tag a copy so callers' records stay plain.
  fields === undefined ? subjectType : asSubject(subjectType, { ...fields });

export const can = (ability: AppAbility, action: Action, subjectType: Subject, fields?: Fields): boolean =>
  ability.can(action, target(subjectType, fields));

export const authorize = (ability: AppAbility, action: Action, subjectType: Subject, fields?: Fields): void => {
  if (!can(ability, action, subjectType, fields)) throw new ForbiddenError();
};

export const authorizeResource = <T extends Fields>(
  ability: AppAbility,
  action: Action,
  subjectType: Subject,
  record: T | undefined,
  notFoundMessage = `${subjectType} not found`,
): T => {
  if (record === undefined || !can(ability, 'read', subjectType, record)) throw new NotFoundError(notFoundMessage);
  if (action !== 'read') authorize(ability, action, subjectType, record);
  return record;
};

export type ListScope =
  | { readonly kind: 'all' }
  /** Records matching any one of these conditions (field → required value). */
  | { readonly kind: 'only'; readonly conditions: readonly Fields[] };

/** 403 when the caller may not list such records at all. */
export const listScope = (ability: AppAbility, action: Action, subjectType: Subject): ListScope => {
  authorize(ability, action, subjectType);
  const rules = ability.rulesFor(action, subjectType);
  const inverted = rules.some((rule) => rule.inverted);
  if (!inverted && rules.some((rule) => rule.conditions === undefined)) return { kind: 'all' };
  return {
    kind: 'only',
    conditions: rules.flatMap((rule) => (!rule.inverted && rule.conditions ? [rule.conditions as Fields] : [])),
  };
};

/**
 * The value a scoped list must match on one field, e.g. `scopeValue(scope, 'clientId')` is the
 * client's own id; undefined for an unrestricted scope.
 */
export const scopeValue = (scope: ListScope, field: string): unknown =>
  scope.kind === 'all' ? undefined : scope.conditions.find((conditions) => field in conditions)?.[field];
