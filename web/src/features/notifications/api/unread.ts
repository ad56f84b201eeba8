import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * What the navbar's bell needs on every page, and nothing more (the list and its actions are
 * notifications.ts, loaded with the panel, which also applies the socket's frames to the list):
 * the unread count.
 */

export const notificationsPath = '/api/notifications';
export const notificationsKey = ['notifications'] as const;
export const unreadKey = [...notificationsKey, 'unread'] as const;
export const listKey = [...notificationsKey, 'list'] as const;

export type UnreadCount = { unread: number };

export const fetchUnreadCount = (signal?: AbortSignal): Promise<UnreadCount> =>
  apiRequest<UnreadCount>(`${notificationsPath}/unread`, { signal });

/** The badge: one small request, then kept current by the socket's frames. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: unreadKey,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    staleTime: 60_000,
  });

export const useUnreadCount = (enabled: boolean): number =>
  useQuery({ ...unreadQueryOptions(), enabled }).data?.unread ?? 0;

export const setUnread = (queryClient: QueryClient, unread: number) =>
  queryClient.setQueryData<UnreadCount>(unreadKey, { unread });

/** After a reconnect or a failed action: the count and the list read again. */
export const refreshNotifications = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: notificationsKey });
};
