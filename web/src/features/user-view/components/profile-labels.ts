/** How the card and the form name statuses (translation keys) and colour a status; roles: shared/i18n/role-label.ts. */

export const statusKey = (status: string): 'online' | 'away' | 'offline' | 'other' =>
  status === 'online' || status === 'away' || status === 'offline' ? status : 'other';

export const statusColor = (status: string): 'success' | 'warning' | 'default' =>
  status === 'online' ? 'success' : status === 'away' ? 'warning' : 'default';

/** Up to two initials, for a person without a picture. */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
