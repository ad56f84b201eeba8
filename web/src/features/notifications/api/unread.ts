import { queryOptions, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationFrame, NotificationList } from '@orbit/functions/notifications/contract';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * What the navbar's bell needs on every page, and nothing more (the list and its actions are
 * notifications.ts, loaded with the panel): the unread count, and the socket's frames applied to
 * the cache.
 */

export const notificationsPath = '/api/notifications';
export const notificationsKey = ['notifications'] as const;
export const unreadKey = [...notificationsKey, 'unread'] as const;
export const listKey = [...notificationsKey, 'list'] as const;

export type UnreadCount = { unread: number };
export type ListPages = InfiniteData<NotificationList, string | undefined>;

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

export const markInList = (queryClient: QueryClient, read: (notification: Notification) => boolean) =>
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
  setUnread(queryClient, frame.unread);
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

/** After a reconnect or a failed action: the count and the list read again. */
export const refreshNotifications = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: notificationsKey });
};
