import * as z from 'zod/mini';

/**
 * The permissions contract (spec §3, §6, §7, §9), imported by the web app too: the same rules
 * validate the dialogs in the browser and the requests on the server. zod/mini, like every
 * contract (see auth/contract.ts): its functional checks tree-shake.
 */

/** Spec §6: the role slugs a permission can be assigned to, in display order. */
export const roleSlugs = ['administrator', 'manager', 'users', 'support', 'restricted-user'] as const;
export type RoleSlug = (typeof roleSlugs)[number];

/** Spec §9: page size default 10, page default 1; the page-size options, with -1 meaning All. */
export const permissionListDefaults = { page: 1, itemsPerPage: 10 } as const;
export const allItems = -1;
export const pageSizeOptions = [5, 10, 20, 25, 50, 100, allItems] as const;
export const sortableFields = ['name'] as const;
export const orderByValues = ['asc', 'desc'] as const;
export type OrderBy = (typeof orderByValues)[number];

export const permissionNameLimits = { min: 2, max: 80 } as const;
/** A workspace's permission list stays small: the list reads it whole (one Query). */
export const maxPermissions = 500;

export const permission = z.object({
  id: z.string(),
  name: z.string(),
  assignedTo: z.array(z.enum(roleSlugs)),
  /** Display text of the creation time, e.g. '14 Apr 2021, 8:43 PM' (UTC). */
  createdDate: z.string(),
  /** Increases with every change; an update must carry the version it read. */
  version: z.number().check(z.int()),
});
export type Permission = z.infer<typeof permission>;

export const listPermissionsResponse = z.object({
  permissions: z.array(permission),
  totalPermissions: z.number().check(z.int()),
});
export type ListPermissionsResponse = z.infer<typeof listPermissionsResponse>;

/** An empty query value (`?q=&sortBy=`) counts as absent, as the original table sends them. */
const queryValue = <S extends z.ZodMiniType>(schema: S) =>
  z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === '' ? undefined : value)),
      z.optional(schema),
    ),
  );

const positiveInteger = (field: string) =>
  z
    .pipe(z.string().check(z.regex(/^\d{1,6}$/, `${field} must be a positive whole number`)), z.transform(Number))
    .check(z.refine((value) => value >= 1, `${field} must be a positive whole number`));

export const listPermissionsQuery = z.object({
  /** Case-insensitive: a substring of name or createdDate, or the start of an assigned role. */
  q: z.pipe(
    queryValue(z.string().check(z.maxLength(100, 'q must be at most 100 characters'))),
    z.transform((value) => value ?? ''),
  ),
  /** Spec §7: sorting applies only when sortBy is name; any other value leaves the order alone. */
  sortBy: queryValue(z.string().check(z.maxLength(50, 'sortBy must be at most 50 characters'))),
  orderBy: z.pipe(
    queryValue(z.enum(orderByValues, { error: 'orderBy must be asc or desc' })),
    z.transform((value): OrderBy => value ?? 'asc'),
  ),
  page: z.pipe(
    queryValue(positiveInteger('page')),
    z.transform((value) => value ?? permissionListDefaults.page),
  ),
  itemsPerPage: z.pipe(
    queryValue(
      z.union(
        [
          z.pipe(
            z.literal(String(allItems)),
            z.transform(() => allItems),
          ),
          positiveInteger('itemsPerPage').check(
            z.refine((value) => value <= 100, 'itemsPerPage must be at most 100, or -1 for all'),
          ),
        ],
        { error: 'itemsPerPage must be a whole number from 1 to 100, or -1 for all' },
      ),
    ),
    z.transform((value) => value ?? permissionListDefaults.itemsPerPage),
  ),
});
export type ListPermissionsQuery = z.output<typeof listPermissionsQuery>;
/** What the web app puts in the URL and the request (all optional, as strings or numbers). */
export interface ListPermissionsParams {
  readonly q?: string;
  readonly sortBy?: string;
  readonly orderBy?: OrderBy;
  readonly page?: number;
  readonly itemsPerPage?: number;
}

export const permissionName = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(permissionNameLimits.min, `Name must be at least ${permissionNameLimits.min} characters`),
      z.maxLength(permissionNameLimits.max, `Name must be at most ${permissionNameLimits.max} characters`),
    ),
  z.transform((value: string) => value.replace(/\s+/g, ' ')),
);

/** Role slugs, each once, in the order of spec §6 whatever order they were given in. */
export const assignedRoles = z.pipe(
  z
    .array(z.enum(roleSlugs, { error: `A role is one of ${roleSlugs.join(', ')}` }))
    .check(z.maxLength(roleSlugs.length)),
  z.transform((values: RoleSlug[]) => roleSlugs.filter((slug) => values.includes(slug))),
);

export const createPermissionRequest = z.object({
  name: permissionName,
  assignedTo: assignedRoles,
});
export type CreatePermissionRequest = z.input<typeof createPermissionRequest>;

/** Rename, reassign, or both; `version` is the one the editor read (stale → 409 with current). */
export const updatePermissionRequest = z
  .object({
    name: z.optional(permissionName),
    assignedTo: z.optional(assignedRoles),
    version: z.number({ error: 'version is required' }).check(z.int(), z.minimum(1)),
  })
  .check(
    z.refine((value) => value.name !== undefined || value.assignedTo !== undefined, {
      message: 'Give a new name or assignedTo',
      path: ['body'],
    }),
  );
export type UpdatePermissionRequest = z.input<typeof updatePermissionRequest>;

/** DELETE may carry the version the user confirmed; a stale one is a 409. */
export const deletePermissionQuery = z.object({
  version: queryValue(positiveInteger('version')),
});

export const permissionResponse = z.object({ permission });

/** The error messages the web app can rely on. */
export const permissionMessages = {
  duplicateName: 'A permission with this name already exists',
  stale: 'This permission was changed by someone else. Review the current version and try again.',
  notFound: 'Permission not found',
  limit: `A workspace can hold at most ${maxPermissions} permissions`,
} as const;
