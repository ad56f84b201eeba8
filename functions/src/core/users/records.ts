/** The users every area shares: the stored profile and its parts. */

/** Contact statuses: presence plus the lead stages. */
export const contactStatuses = [
  'online',
  'away',
  'offline',
  'success',
  'contact_received',
  'interest_shown',
  'closed',
  'deleted',
] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export interface UserSettings {
  readonly isTwoStepAuthVerificationEnabled: boolean;
  readonly isNotificationsOn: boolean;
}

export interface UserRecord {
  readonly id: string;
  readonly fullName: string;
  readonly username: string;
  readonly email: string;
  readonly phone: string;
  readonly role: string;
  readonly avatar: string | null;
  readonly about: string;
  readonly status: ContactStatus;
  readonly settings: UserSettings;
  readonly passwordHash: string;
  readonly referralCode: string;
  readonly referredBy?: string;
  /** The interface language the user chose (the user view's Account tab), applied at sign-in. */
  readonly language?: 'en' | 'fr' | 'ar';
  readonly createdAt: string;
  /** Set while an administrator has suspended the account: sign-in and every request are refused (docs/roles.md). */
  readonly suspendedAt?: string;
  readonly version: number;
}

/** A user as other records name them. */
export interface PersonName {
  readonly id: string;
  readonly fullName: string;
}
