import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, SettingsResponse } from '@orbit/functions/notifications/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** The caller's own notification settings (functions/src/notifications): read and save the whole table. */

const path = '/api/notifications/settings';
const settingsKey = ['notifications', 'settings'] as const;

export const fetchNotificationSettings = (signal?: AbortSignal): Promise<SettingsResponse> =>
  apiRequest<SettingsResponse>(path, { signal });

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => fetchNotificationSettings(signal) });

export const useNotificationSettings = (enabled: boolean) =>
  useQuery({ ...notificationSettingsQueryOptions(), enabled });

export const useSaveNotificationSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiRequest<SettingsResponse>(path, { method: 'PUT', body: { settings } }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
};
