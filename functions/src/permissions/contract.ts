import * as z from 'zod';

/**
 * The permissions contract (spec §3, §6, §7, §9), imported by the web app too: the same rules
 * validate the dialogs in the browser and the requests on the server.
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
  version: z.number().int(),
});
export type Permission = z.infer<typeof permission>;

export const listPermissionsResponse = z.object({
  permissions: z.array(permission),
  totalPermissions: z.number().int(),
});
export type ListPermissionsResponse = z.infer<typeof listPermissionsResponse>;

/** An empty query value (`?q=&sortBy=`) counts as absent, as the original table sends them. */
const queryValue = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const positiveInteger = (field: string) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${field} must be a positive whole number`)
    .transform(Number)
    .refine((value) => value >= 1, `${field} must be a positive whole number`);

export const listPermissionsQuery = z.object({
  /** Case-insensitive: a substring of name or createdDate, or the start of an assigned role. */
  q: queryValue(z.string().max(100, 'q must be at most 100 characters')).transform((value) => value ?? ''),
  /** Spec §7: sorting applies only when sortBy is name; any other value leaves the order alone. */
  sortBy: queryValue(z.string().max(50, 'sortBy must be at most 50 characters')),
  orderBy: queryValue(z.enum(orderByValues, { error: 'orderBy must be asc or desc' })).transform(
    (value): OrderBy => value ?? 'asc',
  ),
  page: queryValue(positiveInteger('page')).transform((value) => value ?? permissionListDefaults.page),
  itemsPerPage: queryValue(
    z.union(
      [
        z.literal(String(allItems)).transform(() => allItems),
        positiveInteger('itemsPerPage').refine(
          (value) => value <= 100,
          'itemsPerPage must be at most 100, or -1 for all',
        ),
      ],
      { error: 'itemsPerPage must be a whole number from 1 to 100, or -1 for all' },
    ),
  ).transform((value) => value ?? permissionListDefaults.itemsPerPage),
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

export const permissionName = z
  .string()
  .trim()
  .min(permissionNameLimits.min, `Name must be at least ${permissionNameLimits.min} characters`)
  .max(permissionNameLimits.max, `Name must be at most ${permissionNameLimits.max} characters`)
  .transform((value) => value.replace(/\s+/g, ' '));

/** Role slugs, each once, in the order of spec §6 whatever order they were given in. */
export const assignedRoles = z
  .array(z.enum(roleSlugs, { error: `A role is one of ${roleSlugs.join(', ')}` }))
  .max(roleSlugs.length)
  .transform((values) => roleSlugs.filter((slug) => values.includes(slug)));

export const createPermissionRequest = z.object({
  name: permissionName,
  assignedTo: assignedRoles,
});
export type CreatePermissionRequest = z.input<typeof createPermissionRequest>;

/** Rename, reassign, or both; `version` is the one the editor read (stale → 409 with current). */
export const updatePermissionRequest = z
  .object({
    name: permissionName.optional(),
    assignedTo: assignedRoles.optional(),
    version: z.number({ error: 'version is required' }).int().min(1),
  })
  .refine((value) => value.name !== undefined || value.assignedTo !== undefined, {
    message: 'Give a new name or assignedTo',
    path: ['body'],
  });
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
