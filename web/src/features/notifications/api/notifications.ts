import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@orbit/functions/notifications/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { listKey, markInList, notificationsPath, refreshNotifications, setUnread, type UnreadCount } from './unread';

/** The panel's side of the notification centre's API (loaded with the panel): the list and its actions. */

const pageSize = 15;

export const fetchNotifications = (cursor: string | undefined, signal?: AbortSignal): Promise<NotificationList> =>
  apiRequest<NotificationList>(
    `${notificationsPath}?limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    { signal },
  );

/** The panel's list, newest first, a page at a time. */
export const useNotificationList = () =>
  useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<UnreadCount>(`${notificationsPath}/read`, { method: 'POST', body: { ids } }),
    onMutate: (ids) => markInList(queryClient, (item) => ids.includes(item.id)),
    onSuccess: ({ unread }) => setUnread(queryClient, unread),
    onError: () => refreshNotifications(queryClient),
  });
};

export const useMarkAllRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) =>
      apiRequest<UnreadCount>(`${notificationsPath}/read-all`, { method: 'POST', body: { upTo } }),
    onMutate: (upTo) => markInList(queryClient, (item) => item.id <= upTo),
    onSuccess: ({ unread }) => setUnread(queryClient, unread),
    onError: () => refreshNotifications(queryClient),
  });
};
