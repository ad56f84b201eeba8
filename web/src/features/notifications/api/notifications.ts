import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Notification, NotificationFrame, NotificationList } from '@orbit/functions/notifications/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { listKey, notificationsPath, refreshNotifications, setUnread, type UnreadCount } from './unread';

type ListPages = InfiniteData<NotificationList, string | undefined>;

const markInList = (queryClient: QueryClient, read: (notification: Notification) => boolean) =>
  queryClient.setQueryData<ListPages>(listKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((item) => (read(item) ? { ...item, read: true } : item)),
          })),
        }
      : data,
  );

/** A frame from the socket: a new row on top (replacing the chat row it folded into), or rows read elsewhere. */
export const applyNotificationFrame = (queryClient: QueryClient, frame: NotificationFrame): void => {
  if (frame.type === 'notification.read') {
    const { upTo, ids } = frame;
    markInList(queryClient, (item) => (upTo !== undefined && item.id <= upTo) || ids.includes(item.id));
    return;
  }
  queryClient.setQueryData<ListPages>(listKey, (data) => {
    if (!data) return data;
    const [first, ...rest] = data.pages;
    const without = (page: NotificationList) => ({
      ...page,
      notifications: page.notifications.filter(
        (item) => item.id !== frame.notification.id && item.id !== frame.replaces,
      ),
    });
    if (!first) return data;
    const top = without(first);
    return {
      ...data,
      pages: [{ ...top, notifications: [frame.notification, ...top.notifications] }, ...rest.map(without)],
    };
  });
};

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
