import * as v from 'valibot';

import { grantableActions, grantableSubjects, ownerFieldOf, type PermissionRule } from '../core/ability';
import { roleSlugs } from '../core/roles';
import { object, trimInvisible } from '../core/schema';

/**
 * The permissions contract (docs/product.md#stored-values, #roles, #calls, #constants), imported by the web
 * app too: the same rules validate the dialogs in the browser and the requests on the server. valibot, like
 * every contract (see auth/contract.ts): its functions tree-shake.
 */

export { roleSlugs, type RoleSlug } from '../core/roles';
export {
  grantableActions,
  grantableSubjects,
  ownerFieldOf,
  type GrantableSubject,
  type PermissionRule,
} from '../core/ability';

/** docs/product.md#constants: page size default 10, page default 1; the page-size options, with -1 meaning All. */
export const permissionListDefaults = { page: 1, itemsPerPage: 10 } as const;
export const allItems = -1;
export const pageSizeOptions = [5, 10, 20, 25, 50, 100, allItems] as const;
export const sortableFields = ['name'] as const;
export const orderByValues = ['asc', 'desc'] as const;
export type OrderBy = (typeof orderByValues)[number];

export const permissionNameLimits = { min: 2, max: 80 } as const;
/** A workspace's permission list stays small: the list reads it whole (one Query). */
export const maxPermissions = 500;

/** A permission holds a handful of rules (docs/roles.md): 15 subjects × 5 actions at the very most, in practice far fewer. */
export const maxPermissionRules = 60;

export const permissionRuleMessages = {
  subject: `A rule's subject is one of ${grantableSubjects.join(', ')}`,
  action: `A rule's action is one of ${grantableActions.join(', ')}`,
  own: `Only ${Object.keys(ownerFieldOf).join(' and ')} rules can be limited to the user's own`,
  duplicate: 'Each action on a subject may appear once',
  tooMany: `A permission holds at most ${maxPermissionRules} rules`,
} as const;

/** One building block: an action on a subject, for every record or (`own`) only the user's own. */
export const permissionRule = v.pipe(
  object({
    action: v.picklist(grantableActions, permissionRuleMessages.action),
    subject: v.picklist(grantableSubjects, permissionRuleMessages.subject),
    own: v.optional(v.literal(true, 'own is true or left out')),
  }),
  v.check((rule) => !rule.own || ownerFieldOf[rule.subject] !== undefined, permissionRuleMessages.own),
  // Stored and compared as { action, subject } or { action, subject, own: true }, nothing else.
  v.transform((rule): PermissionRule =>
    rule.own
      ? { action: rule.action, subject: rule.subject, own: true }
      : { action: rule.action, subject: rule.subject },
  ),
);

/** A permission's rules: each action on a subject once (for all records, or only their own). */
export const permissionRules = v.pipe(
  v.array(permissionRule, 'rules is a list of rules'),
  v.maxLength(maxPermissionRules, permissionRuleMessages.tooMany),
  v.check(
    (rules) => new Set(rules.map((rule) => `${rule.action} ${rule.subject}`)).size === rules.length,
    permissionRuleMessages.duplicate,
  ),
);

export const permission = object({
  id: v.string(),
  name: v.string(),
  assignedTo: v.array(v.picklist(roleSlugs)),
  /** What the permission grants to everyone of the roles it is assigned to (docs/roles.md). */
  rules: v.array(permissionRule),
  /** Display text of the creation time, e.g. '14 Apr 2021, 8:43 PM' (UTC). */
  createdDate: v.string(),
  /** Increases with every change; an update must carry the version it read. */
  version: v.pipe(v.number(), v.integer()),
});
export type Permission = v.InferOutput<typeof permission>;

export const listPermissionsResponse = object({
  permissions: v.array(permission),
  totalPermissions: v.pipe(v.number(), v.integer()),
});
export type ListPermissionsResponse = v.InferOutput<typeof listPermissionsResponse>;

/**
 * An empty query value (`?q=&sortBy=`) counts as absent, as the original table sends them; an
 * absent one reads as `fallback`, written as it would appear in the query string.
 */
const queryValue = /* @__NO_SIDE_EFFECTS__ */ <TSchema extends v.GenericSchema<string, unknown>>(
  schema: TSchema,
  fallback: string,
) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => (value === '' ? fallback : value)),
      schema,
    ),
    fallback,
  );
const emptyAsAbsent = /* @__NO_SIDE_EFFECTS__ */ () =>
  v.transform((value: string) => (value === '' ? undefined : value));

const positiveInteger = /* @__NO_SIDE_EFFECTS__ */ (field: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, `${field} must be a positive whole number`),
    v.transform(Number),
    v.minValue(1, `${field} must be a positive whole number`),
  );

export const listPermissionsQuery = object({
  /** Case-insensitive: a substring of name or createdDate, or the start of an assigned role. */
  q: queryValue(v.pipe(v.string(), v.maxLength(100, 'q must be at most 100 characters')), ''),
  /** docs/product.md#calls: sorting applies only when sortBy is name; any other value leaves the order alone. */
  sortBy: v.optional(v.pipe(v.string(), v.maxLength(50, 'sortBy must be at most 50 characters'), emptyAsAbsent())),
  orderBy: queryValue(v.picklist(orderByValues, 'orderBy must be asc or desc'), 'asc'),
  page: queryValue(positiveInteger('page'), String(permissionListDefaults.page)),
  itemsPerPage: queryValue(
    v.union(
      [
        v.pipe(
          v.literal(String(allItems)),
          v.transform(() => allItems),
        ),
        v.pipe(positiveInteger('itemsPerPage'), v.maxValue(100, 'itemsPerPage must be at most 100, or -1 for all')),
      ],
      'itemsPerPage must be a whole number from 1 to 100, or -1 for all',
    ),
    String(permissionListDefaults.itemsPerPage),
  ),
});
export type ListPermissionsQuery = v.InferOutput<typeof listPermissionsQuery>;
/** What the web app puts in the URL and the request (all optional, as strings or numbers). */
export interface ListPermissionsParams {
  readonly q?: string;
  readonly sortBy?: string;
  readonly orderBy?: OrderBy;
  readonly page?: number;
  readonly itemsPerPage?: number;
}

export const permissionName = v.pipe(
  v.string(),
  trimInvisible(),
  v.minLength(permissionNameLimits.min, `Name must be at least ${permissionNameLimits.min} characters`),
  v.maxLength(permissionNameLimits.max, `Name must be at most ${permissionNameLimits.max} characters`),
  v.transform((value) => value.replace(/\s+/g, ' ')),
);

/** Role slugs, each once, in the order of docs/product.md#roles whatever order they were given in. */
export const assignedRoles = v.pipe(
  v.array(v.picklist(roleSlugs, `A role is one of ${roleSlugs.join(', ')}`)),
  v.maxLength(roleSlugs.length),
  v.transform((values) => roleSlugs.filter((slug) => values.includes(slug))),
);

export const createPermissionRequest = object({
  name: permissionName,
  assignedTo: assignedRoles,
  rules: v.optional(permissionRules, []),
});
export type CreatePermissionRequest = v.InferInput<typeof createPermissionRequest>;

/** Rename, reassign, or both; `version` is the one the editor read (stale → 409 with current). */
export const updatePermissionRequest = v.pipe(
  object({
    name: v.optional(permissionName),
    assignedTo: v.optional(assignedRoles),
    rules: v.optional(permissionRules),
    version: v.pipe(
      v.number('version is required'),
      v.integer('version is required'),
      v.minValue(1, 'version is required'),
    ),
  }),
  // No path: the issue is about the whole body, reported under `body`.
  v.check(
    (value) => value.name !== undefined || value.assignedTo !== undefined || value.rules !== undefined,
    'Give a new name, assignedTo or rules',
  ),
);
export type UpdatePermissionRequest = v.InferInput<typeof updatePermissionRequest>;

/** DELETE may carry the version the user confirmed; a stale one is a 409. */
export const deletePermissionQuery = object({
  version: v.optional(v.pipe(v.string(), emptyAsAbsent(), v.optional(positiveInteger('version')))),
});

export const permissionResponse = object({ permission });

/** The error messages the web app can rely on. */
export const permissionMessages = {
  duplicateName: 'A permission with this name already exists',
  stale: 'This permission was changed by someone else. Review the current version and try again.',
  notFound: 'Permission not found',
  limit: `A workspace can hold at most ${maxPermissions} permissions`,
  /** No escalation (docs/roles.md): only the administrator grants what they do not hold. */
  escalation: 'You can only grant rules you hold yourself',
  administrator: 'Only an administrator can assign or remove the administrator role',
} as const;
