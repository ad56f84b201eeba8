import type { Caller } from '../core/caller';
import { ulid } from '../core/ids';
import { logger } from '../core/logger';
import { copyObject, deleteObject, headObject, presignPut } from '../core/media/object-store';
import { ValidationError } from '../core/errors';
import { avatarContentTypes, profileLimits, type AvatarUpload, type Profile } from './contract';
import { userMessages } from './messages';
import { setAvatar } from './repository';
import type { AvatarConfirmRequest, AvatarUploadRequest } from './requests';
import { profileFor, toProfile } from './service';

/**
 * Avatars (docs/user-view.md): the browser crops and scales the picture, asks for a presigned
 * PUT of exactly its type and size under `media/pending/<user>/`, uploads it straight to S3,
 * then confirms. Confirming checks what S3 actually holds (HEAD: a JPEG, PNG or WebP of at most
 * 2 MB, else it is deleted and the answer is 400), copies it to `media/avatars/<user>/` and
 * points the profile at `/media/avatars/…`: CloudFront serves `/media/*` from the bucket on
 * the app's own origin (the local server does the same), so every place that shows
 * `avatar` shows it. Unconfirmed uploads expire by the bucket's lifecycle rule.
 */
export const avatarUploadLifetimeSeconds = 5 * 60;
const pendingPrefix = (userId: string) => `media/pending/${userId}/`;
const avatarPrefix = 'media/avatars/';
const extensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export const startAvatarUpload = async (
  caller: Caller,
  userId: string,
  request: () => AvatarUploadRequest,
): Promise<AvatarUpload> => {
  const user = await profileFor(caller, 'update', userId);
  const { contentType, size } = request();
  const key = `${pendingPrefix(user.id)}${ulid()}`;
  const upload = await presignPut(key, {
    contentType,
    contentLength: size,
    expiresInSeconds: avatarUploadLifetimeSeconds,
  });
  return { uploadUrl: upload.url, headers: upload.headers, key, expiresAt: upload.expiresAt };
};

const isAllowedType = (type: string): type is (typeof avatarContentTypes)[number] =>
  (avatarContentTypes as readonly string[]).includes(type);

/** The object key of an avatar URL this bucket serves, or undefined for any other URL. */
const storedKeyOf = (url: string | null): string | undefined =>
  url?.startsWith(`/${avatarPrefix}`) ? url.slice(1) : undefined;

export const confirmAvatarUpload = async (
  caller: Caller,
  userId: string,
  request: () => AvatarConfirmRequest,
): Promise<Profile> => {
  const user = await profileFor(caller, 'update', userId);
  const { key } = request();
  if (!key.startsWith(pendingPrefix(user.id))) throw new ValidationError({ key: [userMessages.avatarKey] });
  const head = await headObject(key);
  if (!head) throw new ValidationError({ key: [userMessages.avatarMissing] });
  const type = head.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const problem = !isAllowedType(type)
    ? userMessages.avatarType
    : head.contentLength <= 0 || head.contentLength > profileLimits.avatarMaxBytes
      ? userMessages.avatarSize
      : undefined;
  if (problem || !isAllowedType(type)) {
    await deleteObject(key);
    throw new ValidationError({ avatar: [problem ?? userMessages.avatarType] });
  }
  const finalKey = `${avatarPrefix}${user.id}/${key.slice(pendingPrefix(user.id).length)}.${extensions[type]}`;
  await copyObject(key, finalKey);
  await deleteObject(key);
  const { user: updated, previous } = await setAvatar(user.id, `/${finalKey}`);
  const previousKey = storedKeyOf(previous);
  if (previousKey) {
    // The old picture is no longer shown anywhere; failing to remove it costs only storage.
    await deleteObject(previousKey).catch((error: unknown) => logger.warn('Old avatar not removed', { error }));
  }
  return toProfile(updated);
};

export const removeAvatar = async (caller: Caller, userId: string): Promise<Profile> => {
  const user = await profileFor(caller, 'update', userId);
  const { user: updated, previous } = await setAvatar(user.id, null);
  const previousKey = storedKeyOf(previous);
  if (previousKey) {
    await deleteObject(previousKey).catch((error: unknown) => logger.warn('Old avatar not removed', { error }));
  }
  return toProfile(updated);
};
