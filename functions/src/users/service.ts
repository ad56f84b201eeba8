import { authorizeResource, can } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, NotFoundError } from '../core/errors';
import type { UserRecord } from '../core/users/records';
import { projectFiguresFor } from '../projects/counts-service';
import { profileLanguages, type Profile, type ProfileLanguage, type ProfileView } from './contract';
import { userMessages } from './messages';
import { getProfile, readProfile, updateProfile, type ProfileChanges } from './repository';
import type { UpdateProfileRequest } from './requests';

/**
 * The user view's profile: who may open and edit whose (by `read`/`update User`: the administrator
 * anyone's, staff whose permissions grant it anyone's, everyone else their own: any
 * other id is a 404, as if it did not exist; core/authorize.ts), and the side card's counts.
 */

const languageOf = (value: string | undefined): ProfileLanguage =>
  profileLanguages.find((language) => language === value) ?? 'en';

export const toProfile = (user: UserRecord): Profile => ({
  id: user.id,
  fullName: user.fullName,
  username: user.username,
  avatar: user.avatar ?? null,
  role: user.role,
  about: user.about ?? '',
  status: user.status,
  email: user.email,
  phone: user.phone,
  language: languageOf(user.language),
  settings: {
    isTwoStepAuthVerificationEnabled: user.settings?.isTwoStepAuthVerificationEnabled ?? false,
    isNotificationsOn: user.settings?.isNotificationsOn ?? false,
  },
  version: user.version,
});

const notFound = () => new NotFoundError(userMessages.notFound);

/** The profile the path names, if the caller may `action` it (404 when it may not even read it). */
export const profileFor = async (caller: Caller, action: 'read' | 'update', userId: string): Promise<UserRecord> => {
  // A client may read only itself: decided on the id before reading, so another id costs no read.
  if (!can(caller.ability, 'read', 'User', { id: userId })) throw notFound();
  const user = await readProfile(caller.readAlong, userId);
  authorizeResource(caller.ability, action, 'User', user && { id: user.id }, userMessages.notFound);
  return user as UserRecord;
};

export const viewProfile = async (caller: Caller, userId: string): Promise<ProfileView> => {
  const user = await profileFor(caller, 'read', userId);
  const figures = await projectFiguresFor(
    user.role === 'client' ? { kind: 'client', clientId: user.id } : { kind: 'workspace' },
  );
  return { user: toProfile(user), counts: figures };
};

const staleOrMissing = async (userId: string): Promise<never> => {
  const current = await getProfile(userId);
  if (!current) throw notFound();
  throw new ConflictError({ version: [userMessages.stale] }, toProfile(current));
};

/** An edit from the version read: a stale one is a 409 with the profile as it is now. */
export const editProfile = async (
  caller: Caller,
  userId: string,
  request: () => UpdateProfileRequest,
): Promise<Profile> => {
  const user = await profileFor(caller, 'update', userId);
  const { version, ...fields } = request();
  if (user.version !== version) return staleOrMissing(userId);
  const changes: ProfileChanges = fields;
  try {
    return toProfile(await updateProfile(user, changes, version));
  } catch (error) {
    if (error instanceof ConditionFailed) return staleOrMissing(userId);
    throw error;
  }
};
