import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AvatarContentType,
  AvatarUpload,
  ContactChangeStarted,
  ContactField,
  Profile,
  ProfileView,
} from '@orbit/functions/users/contract';
import type { UpdateProfileRequest } from '@orbit/functions/users/requests';
import { apiRequest } from '../../../shared/api/api-client';
import { getSession, updateSession } from '../../../shared/session/session-store';

/** The user view's API (functions/src/users): the profile and counts, edits, avatar, sign-in identifier. */

const pathOf = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;
const profileKey = (userId: string) => ['users', userId] as const;

export const fetchProfileView = (userId: string, signal?: AbortSignal): Promise<ProfileView> =>
  apiRequest<ProfileView>(pathOf(userId), { signal });

export const profileViewQueryOptions = (userId: string) =>
  queryOptions({ queryKey: profileKey(userId), queryFn: ({ signal }) => fetchProfileView(userId, signal) });

export const useProfileView = (userId: string) => useQuery(profileViewQueryOptions(userId));

/**
 * The signed-in user's stored userData follows their own profile (the navbar's name and avatar
 * read it), so a change shows everywhere at once, without signing in again.
 */
const syncOwnSession = (user: Profile): void => {
  const stored = getSession().userData;
  if (stored?.id !== user.id) return;
  updateSession({
    userData: {
      id: user.id,
      fullName: user.fullName,
      username: user.username,
      avatar: user.avatar,
      email: user.email,
      phone: user.phone,
      role: user.role,
    },
  });
};

/** After any change: the cached view takes the new profile (counts kept), and the session follows. */
const useProfileChange = <Input>(userId: string, change: (input: Input) => Promise<{ user: Profile }>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<ProfileView>(profileKey(userId), (view) => (view ? { ...view, user } : view));
      syncOwnSession(user);
    },
  });
};

export const useUpdateProfile = (userId: string) =>
  useProfileChange(userId, (body: UpdateProfileRequest) =>
    apiRequest<{ user: Profile }>(pathOf(userId), { method: 'PATCH', body }),
  );

/**
 * Presign, PUT the picture to the app origin's `/media/pending/…` (CloudFront, or the local
 * server, passes it to S3: the type and length are signed), then confirm.
 */
export const uploadAvatar = async (userId: string, picture: Blob): Promise<{ user: Profile }> => {
  const upload = await apiRequest<AvatarUpload>(`${pathOf(userId)}/avatar/upload`, {
    method: 'POST',
    body: { contentType: picture.type as AvatarContentType, size: picture.size },
  });
  const put = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: picture });
  if (!put.ok) throw new Error(`The upload answered ${put.status}`);
  return apiRequest<{ user: Profile }>(`${pathOf(userId)}/avatar`, { method: 'POST', body: { key: upload.key } });
};

export const useUploadAvatar = (userId: string) =>
  useProfileChange(userId, (picture: Blob) => uploadAvatar(userId, picture));

export const useRemoveAvatar = (userId: string) =>
  useProfileChange(userId, () => apiRequest<{ user: Profile }>(`${pathOf(userId)}/avatar`, { method: 'DELETE' }));

/** A change of how the account signs in: the new value, with the owner's current password. */
interface ContactChangeStart {
  readonly field: ContactField;
  readonly value: string;
  readonly currentPassword: string;
}

export const startContactChange = (userId: string, body: ContactChangeStart): Promise<ContactChangeStarted> =>
  apiRequest<ContactChangeStarted>(`${pathOf(userId)}/contact-change`, { method: 'POST', body });

export const useStartContactChange = (userId: string) =>
  useMutation({ mutationFn: (body: ContactChangeStart) => startContactChange(userId, body) });

export const useConfirmContactChange = (userId: string) =>
  useProfileChange(userId, (body: { field: ContactField; code: string }) =>
    apiRequest<{ user: Profile }>(`${pathOf(userId)}/contact-change/confirm`, { method: 'POST', body }),
  );
