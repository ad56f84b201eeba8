import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Notification, NotificationFrame, NotificationList } from '@orbit/functions/notifications/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** The notification centre's API (functions/src/notifications): fetchers, query options, hooks. */

const basePath = '/api/notifications';
export const notificationsKey = ['notifications'] as const;
const unreadKey = [...notificationsKey, 'unread'] as const;
const listKey = [...notificationsKey, 'list'] as const;
const pageSize = 15;

type UnreadCount = { unread: number };
type ListPages = InfiniteData<NotificationList, string | undefined>;

export const fetchUnreadCount = (signal?: AbortSignal): Promise<UnreadCount> =>
  apiRequest<UnreadCount>(`${basePath}/unread`, { signal });

/** The badge: one small request, then kept current by the socket's frames. */
export const unreadQueryOptions = () =>
  queryOptions({ queryKey: unreadKey, queryFn: ({ signal }) => fetchUnreadCount(signal), staleTime: 60_000 });

export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadQueryOptions(), enabled });

export const fetchNotifications = (cursor: string | undefined, signal?: AbortSignal): Promise<NotificationList> =>
  apiRequest<NotificationList>(
    `${basePath}?limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
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

const setUnread = (queryClient: QueryClient, unread: number) =>
  queryClient.setQueryData<UnreadCount>(unreadKey, { unread });

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
  setUnread(queryClient, frame.unread);
  if (frame.type === 'notification.read') {
    markInList(queryClient, (item) => frame.all || frame.ids.includes(item.id));
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

/** After a reconnect: what arrived meanwhile. */
export const refreshNotifications = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: notificationsKey });

export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest<UnreadCount>(`${basePath}/read`, { method: 'POST', body: { ids } }),
    onMutate: (ids) => markInList(queryClient, (item) => ids.includes(item.id)),
    onSuccess: ({ unread }) => setUnread(queryClient, unread),
    onError: () => refreshNotifications(queryClient),
  });
};

export const useMarkAllRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UnreadCount>(`${basePath}/read-all`, { method: 'POST', body: {} }),
    onMutate: () => markInList(queryClient, () => true),
    onSuccess: ({ unread }) => setUnread(queryClient, unread),
    onError: () => refreshNotifications(queryClient),
  });
};
