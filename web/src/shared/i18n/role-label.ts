import type { TFunction } from 'i18next';

/**
 * Every role a person can have, named the same way everywhere (account menu, search, profile,
 * chat): the staff roles, the client and the lead (docs/roles.md). The labels live in the core
 * translation part (`roles.*`), which every page has. An unknown role shows as stored.
 */
export const labelledRoles = ['admin', 'manager', 'support', 'users', 'restricted-user', 'client', 'lead'] as const;
export type LabelledRole = (typeof labelledRoles)[number];

export const isLabelledRole = (role: string): role is LabelledRole =>
  (labelledRoles as readonly string[]).includes(role);

export const roleLabel = (t: TFunction, role: string): string => (isLabelledRole(role) ? t(`roles.${role}`) : role);
