/** The user view's tabs, in order; `?tab=` names one (anything else is the first). */
export const userViewTabs = ['account', 'security', 'notifications', 'activity'] as const;
export type UserViewTab = (typeof userViewTabs)[number];

export const tabFrom = (value: string | null): UserViewTab => userViewTabs.find((tab) => tab === value) ?? 'account';
