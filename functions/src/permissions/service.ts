import type { PermissionRule } from '../core/ability';
import { readRoleRulesVersion, roleRulesPart } from '../core/auth/role-rules';
import { rulesChangedJobPart } from '../core/auth/rules-changed-job';
import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConditionFailed, retry, transactWrite, type TransactionPart } from '../core/db';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import { monotonicFactory } from '../core/ids';
import {
  maxPermissions,
  permissionMessages,
  type ListPermissionsQuery,
  type ListPermissionsResponse,
  type Permission,
  type RoleSlug,
} from './contract';
import {
  deletePermission,
  getPermission,
  insertPermission,
  listAllPermissions,
  replacePermission,
  type PermissionRecord,
} from './repository';
import { changedRoles, escalationProblem, rulesByRoleOf } from './rules';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * The display text of docs/product.md#stored-values, e.g. '14 Apr 2021, 8:43 PM' or '04 Dec 2021, 8:15 PM',
 * in UTC: the server knows no viewer's time zone, and the text must be the same for everyone who searches it.
 */
export const formatCreatedDate = (date: Date): string => {
  const day = String(date.getUTCDate()).padStart(2, '0');
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  const period = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${day} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${hour12}:${minutes} ${period}`;
};

export const toPermission = (record: PermissionRecord): Permission => ({
  id: record.id,
  name: record.name,
  assignedTo: record.assignedTo,
  rules: record.rules ?? [],
  createdDate: record.createdDate,
  version: record.version,
});

/**
 * What keeps the role rules in step with a permission write, for its transaction (docs/roles.md):
 * the ROLE_RULES item rewritten from the list as the write leaves it, conditional on the version
 * read first (so the list it was computed from is still the list), and, when some role's rules
 * change, the job that sends those roles' users their new rules. The item is read before the
 * list: a write that lands between the two reads has bumped its version, and this one then loses.
 */
const roleRulesParts = async (
  change: (list: PermissionRecord[]) => PermissionRecord[],
  now = new Date(),
): Promise<TransactionPart[]> => {
  const { rulesByRole: before, version } = await readRoleRulesVersion();
  const after = rulesByRoleOf(change(await listAllPermissions()));
  const roles = changedRoles(before, after);
  return [roleRulesPart(after, version, now), ...(roles.length > 0 ? [rulesChangedJobPart({ roles }, now)] : [])];
};

/** Only the role rules' condition lost: another permission changed meanwhile; read again and compute again. */
const roleRulesRetry = {
  attempts: 6,
  baseDelayMs: 20,
  maxDelayMs: 300,
  retryOn: (error: unknown) =>
    error instanceof ConditionFailed &&
    error.labels.length > 0 &&
    error.labels.every((label) => label === 'role-rules'),
};

/**
 * Rewrites the role rules from the permissions as stored, with no caller to authorise: the seed's
 * repair for a store whose permissions were written before they had rules (seed/src/permissions.ts).
 */
export const rewriteRoleRules = async (): Promise<void> => {
  await retry(roleRulesRetry, async () => transactWrite(await roleRulesParts((list) => list)));
};

const escalationMessages = {
  administrator: permissionMessages.administrator,
  escalation: permissionMessages.escalation,
} as const;

/** 403 unless the caller may hand out what the permission grants, before and after (permissions/rules.ts). */
const refuseEscalation = (
  caller: Caller,
  previous: { assignedTo: RoleSlug[]; rules?: PermissionRule[] } | undefined,
  next: { assignedTo: RoleSlug[]; rules?: PermissionRule[] } | undefined,
): void => {
  const problem = escalationProblem(
    { role: caller.principal.role, userId: caller.principal.userId, ability: caller.ability },
    previous,
    next,
  );
  if (problem) throw new ForbiddenError(escalationMessages[problem]);
};

/**
 * docs/product.md#calls on a list already in creation order: q (lower-cased) matches a substring of name or
 * createdDate, or the start of an assigned role; sorting only when sortBy is name; then the
 * page (itemsPerPage -1 = all). totalPermissions counts after filtering, before paging.
 */
export const queryPermissions = (
  records: readonly PermissionRecord[],
  query: ListPermissionsQuery,
): ListPermissionsResponse => {
  const needle = query.q.toLowerCase();
  let filtered = records.filter(
    (record) =>
      record.name.toLowerCase().includes(needle) ||
      record.createdDate.toLowerCase().includes(needle) ||
      record.assignedTo.some((role) => role.toLowerCase().startsWith(needle)),
  );
  if (query.sortBy === 'name') {
    const direction = query.orderBy === 'desc' ? -1 : 1;
    filtered = [...filtered].sort((a, b) => direction * a.name.localeCompare(b.name));
  }
  const page =
    query.itemsPerPage === -1
      ? filtered
      : filtered.slice((query.page - 1) * query.itemsPerPage, query.page * query.itemsPerPage);
  return { permissions: page.map(toPermission), totalPermissions: filtered.length };
};

/**
 * Permissions describe the workspace's roles: reading them needs `read Permission`, changing them
 * `create`/`update`/`delete Permission` (the administrator: `manage all`; others as their role's
 * permissions grant), and anyone else gets 403 (they exist for everyone, so there is nothing to
 * hide with a 404). Beyond that, no escalation (refuseEscalation). Each use case
 * authorises first and only then reads the request (`request` is a function: parsing it may
 * fail), so a caller who may not act gets 403 whatever they sent.
 */
export const listPermissions = async (
  caller: Caller,
  request: () => ListPermissionsQuery,
): Promise<ListPermissionsResponse> => {
  authorize(caller.ability, 'read', 'Permission');
  const query = request();
  return queryPermissions(await listAllPermissions(), query);
};

const nextId = monotonicFactory();

const nameTaken = () => new ConflictError({ name: [permissionMessages.duplicateName] });

export interface NewPermission {
  readonly name: string;
  readonly assignedTo: RoleSlug[];
  readonly rules?: PermissionRule[];
}

export const createPermission = async (caller: Caller, request: () => NewPermission): Promise<Permission> => {
  authorize(caller.ability, 'create', 'Permission');
  const input = request();
  refuseEscalation(caller, undefined, input);
  return storeNewPermission(input, new Date());
};

/**
 * Stores a new permission with no caller to authorise: the seed's way in, with the original
 * sample times as `createdAt` (seed/src/permissions.ts). Requests go through `createPermission`.
 */
export const storeNewPermission = async (input: NewPermission, createdAt: Date): Promise<Permission> => {
  const record: PermissionRecord = {
    id: nextId(),
    name: input.name,
    assignedTo: input.assignedTo,
    rules: input.rules ?? [],
    createdAt: createdAt.toISOString(),
    createdDate: formatCreatedDate(createdAt),
    updatedAt: new Date().toISOString(),
    version: 1,
  };
  try {
    await retry(roleRulesRetry, async () =>
      insertPermission(record, maxPermissions, await roleRulesParts((list) => [...list, record])),
    );
  } catch (error) {
    if (!(error instanceof ConditionFailed) || error.failed('conflict')) throw error;
    // The first part that failed says why (a taken name before a full list).
    if (error.labels[0] === 'count') {
      throw new ConflictError({ general: [permissionMessages.limit] }, undefined, { cause: error });
    }
    throw nameTaken();
  }
  return toPermission(record);
};

const notFound = () => new NotFoundError(permissionMessages.notFound);

const staleOrMissing = async (id: string): Promise<never> => {
  const current = await getPermission(id);
  if (!current) throw notFound();
  throw new ConflictError({ version: [permissionMessages.stale] }, toPermission(current));
};

export interface PermissionChanges {
  readonly name?: string;
  readonly assignedTo?: RoleSlug[];
  readonly rules?: PermissionRule[];
  readonly version: number;
}

/**
 * Rename, reassign and/or change the rules, only from the version the editor read: a stale one
 * is a 409 with the current. The role rules change in the same transaction.
 */
export const updatePermission = async (
  caller: Caller,
  request: () => { readonly id: string; readonly changes: PermissionChanges },
): Promise<Permission> => {
  authorize(caller.ability, 'update', 'Permission');
  const { id, changes } = request();
  let next: PermissionRecord;
  try {
    next = await retry(roleRulesRetry, async () => {
      const previous = await getPermission(id);
      if (!previous) throw notFound();
      if (previous.version !== changes.version) throw new ConditionFailed(['permission']);
      const changed: PermissionRecord = {
        ...previous,
        name: changes.name ?? previous.name,
        assignedTo: changes.assignedTo ?? previous.assignedTo,
        rules: changes.rules ?? previous.rules ?? [],
        updatedAt: new Date().toISOString(),
        version: previous.version + 1,
      };
      refuseEscalation(caller, previous, changed);
      const along = await roleRulesParts((list) => list.map((record) => (record.id === id ? changed : record)));
      await replacePermission(previous, changed, changes.version, along);
      return changed;
    });
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (error.labels[0] === 'name') throw nameTaken();
    return staleOrMissing(id);
  }
  return toPermission(next);
};

/** Without a version, a concurrent rename is retried against the fresh record; the role rules change with it. */
export const removePermission = async (
  caller: Caller,
  request: () => { readonly id: string; readonly version?: number },
): Promise<void> => {
  authorize(caller.ability, 'delete', 'Permission');
  const { id, version: expectedVersion } = request();
  try {
    await retry(
      {
        attempts: roleRulesRetry.attempts,
        baseDelayMs: roleRulesRetry.baseDelayMs,
        maxDelayMs: roleRulesRetry.maxDelayMs,
        retryOn: (error) =>
          roleRulesRetry.retryOn(error) || (error instanceof ConditionFailed && expectedVersion === undefined),
      },
      async () => {
        const record = await getPermission(id);
        if (!record) throw notFound();
        if (expectedVersion !== undefined && record.version !== expectedVersion) {
          throw new ConditionFailed(['permission']);
        }
        refuseEscalation(caller, record, undefined);
        const along = await roleRulesParts((list) => list.filter((item) => item.id !== id));
        await deletePermission(record, expectedVersion, along);
      },
    );
  } catch (error) {
    if (error instanceof ConditionFailed) return staleOrMissing(id);
    throw error;
  }
};
