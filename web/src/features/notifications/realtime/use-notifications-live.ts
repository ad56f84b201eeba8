import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationFrame } from '@orbit/functions/notifications/contract';
import { refreshSession } from '../../../shared/api/api-client';
import { LiveSocket } from '../../../shared/realtime/live-socket';
import { getSession } from '../../../shared/session/session-store';
import { listKey, refreshNotifications, setUnread } from '../api/unread';

/**
 * The bell's own connection (`/ws?purpose=notifications`), open on every page while signed in:
 * the server pushes each new notification and every change of the unread count to all of the
 * user's connections, and this one neither makes the user present in the chat nor watches a
 * board. After a reconnect the count and the list are read again (what arrived meanwhile).
 */
export const useNotificationsLive = (enabled: boolean): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    const socket = new LiveSocket<{ action: 'ping' }, NotificationFrame | { type: string }>({
      token: () => getSession().accessToken,
      refresh: refreshSession,
      query: { purpose: 'notifications' },
      onState: () => undefined,
      onOpen: (reconnected) => {
        if (reconnected) refreshNotifications(queryClient);
      },
      onFrame: (frame) => {
        // Every frame of the user reaches this connection (chat, boards): only ours matter here.
        if (frame.type !== 'notification.new' && frame.type !== 'notification.read') return;
        const notificationFrame = frame as NotificationFrame;
        setUnread(queryClient, notificationFrame.unread);
        // The list is in the cache only once the panel has loaded, and its code with it.
        if (queryClient.getQueryData(listKey))
          void import('../api/notifications').then(({ applyNotificationFrame }) =>
            applyNotificationFrame(queryClient, notificationFrame),
          );
      },
    });
    socket.start();
    return () => socket.stop();
  }, [enabled, queryClient]);
};
