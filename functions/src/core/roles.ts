/**
 * The workspace's roles (docs/roles.md). Staff roles are the permission list's slugs, except that
 * the administrator is stored and signed in as `admin` (the sign-in contract's role: `manage
 * all`) and listed as `administrator`; `client` is the agency's customer. Leads are profiles of
 * role `lead` that never sign in.
 */

export const staffRoles = ['admin', 'manager', 'support', 'users', 'restricted-user'] as const;
export type StaffRole = (typeof staffRoles)[number];
/** Every role a user who signs in can have, in display order. */
export const roles = [...staffRoles, 'client'] as const;
export type Role = (typeof roles)[number];

/** The role slugs a permission can be assigned to, in the permission list's display order. */
export const roleSlugs = ['administrator', 'manager', 'users', 'support', 'restricted-user'] as const;
export type RoleSlug = (typeof roleSlugs)[number];

export const isStaffRole = (role: string): role is StaffRole => (staffRoles as readonly string[]).includes(role);
export const isRole = (role: string): role is Role => (roles as readonly string[]).includes(role);

/** The permission list's name for a staff role: the administrator is `admin` everywhere else. */
export const roleSlugOf = (role: StaffRole): RoleSlug => (role === 'admin' ? 'administrator' : role);
export const roleOfSlug = (slug: RoleSlug): StaffRole => (slug === 'administrator' ? 'admin' : slug);
