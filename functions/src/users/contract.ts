/**
 * The user view's contract (docs/user-view.md, "Profile and account"), imported by the web app
 * too. What a profile shows, the limits the forms show, and the answers of the routes.
 */

/** The presence values a person may set for themselves (the lead stages are the chat's, for leads). */
export const profileStatuses = ['online', 'away', 'offline'] as const;
export type ProfileStatus = (typeof profileStatuses)[number];

/** The languages the app speaks; the account's choice is applied at sign-in. */
export const profileLanguages = ['en', 'fr', 'ar'] as const;
export type ProfileLanguage = (typeof profileLanguages)[number];

export const profileLimits = {
  fullNameMin: 2,
  fullNameMax: 120,
  aboutMax: 500,
  /** After the browser's crop and resize a 256×256 picture is a few tens of KB; this is the ceiling. */
  avatarMaxBytes: 2 * 1024 * 1024,
  /** The size the browser crops and scales avatars to. */
  avatarPixels: 256,
} as const;

/** The picture types an avatar may be: what every browser shows and the server checks on confirm. */
export const avatarContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AvatarContentType = (typeof avatarContentTypes)[number];

/** The sign-in identifiers that change only with a code sent to the new one. */
export const contactFields = ['email', 'phone'] as const;
export type ContactField = (typeof contactFields)[number];

export interface ProfileSettings {
  readonly isTwoStepAuthVerificationEnabled: boolean;
  readonly isNotificationsOn: boolean;
}

export interface Profile {
  readonly id: string;
  readonly fullName: string;
  readonly username: string;
  /** A URL every place showing avatars uses as is (`/media/…` on the app's origin), or null. */
  readonly avatar: string | null;
  readonly role: string;
  readonly about: string;
  readonly status: string;
  readonly email: string;
  readonly phone: string;
  readonly language: ProfileLanguage;
  readonly settings: ProfileSettings;
  /** Increases with every change; an edit must carry the version it read. */
  readonly version: number;
}

/**
 * What the side card counts. For a client: its projects (not archived) and the open tasks (not
 * in a done stage) of its open projects. For an admin: the workspace's (admins run every
 * project; there is no per-admin assignment to count). `openTasksComplete` is false when there
 * were more open projects than one view reads (`maxCountedProjects`): the figure is then a floor.
 */
export interface ProfileCounts {
  readonly projects: number;
  readonly openTasks: number;
  readonly openTasksComplete: boolean;
}

export interface ProfileView {
  readonly user: Profile;
  readonly counts: ProfileCounts;
}

export interface ProfileResponse {
  readonly user: Profile;
}

export interface AvatarUpload {
  /** Where the browser PUTs the picture, with exactly `headers` (the type and length are signed). */
  readonly uploadUrl: string;
  readonly headers: Readonly<Record<string, string>>;
  /** What to send back to confirm the upload. */
  readonly key: string;
  readonly expiresAt: string;
}

export interface ContactChangeStarted {
  readonly field: ContactField;
  /** The new value, as it will be stored. */
  readonly value: string;
  readonly expiresAt: string;
}

/** `POST /api/users/contact-change/undo`: which field went back, or only the sign-out (its old value is another account's now). */
export interface ContactChangeUndone {
  readonly field: ContactField;
  readonly restored: boolean;
}
