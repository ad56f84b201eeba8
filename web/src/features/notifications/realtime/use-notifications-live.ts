import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationFrame } from '@orbit/functions/notifications/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { LiveSocket } from '../../../shared/realtime/live-socket';
import { applyAbilityUpdate, type AbilityUpdate } from '../../../shared/session/session-store';
import { listKey, refreshNotifications, setUnread } from '../api/unread';

/**
 * The bell's own connection (`/ws?purpose=notifications`), open on every page while signed in:
 * the server pushes each new notification and every change of the unread count to all of the
 * user's connections, and this one neither makes the user present in the chat nor watches a
 * board. After a reconnect the count and the list are read again (what arrived meanwhile). It
 * is also the shell's channel for `ability.updated`: the user's rules, pushed when they change.
 */
export const useNotificationsLive = (enabled: boolean): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    const socket = new LiveSocket<{ action: 'ping' }, NotificationFrame | { type: string }>({
      query: { purpose: 'notifications' },
      onState: () => undefined,
      onOpen: (reconnected) => {
        if (!reconnected) return;
        refreshNotifications(queryClient);
        // Rules pushed while the socket was down were missed: read them as they are now.
        void apiRequest<{ userData: { role: string }; userAbilityRules: AbilityUpdate['rules'] }>('/api/auth/me')
          .then((me) => applyAbilityUpdate({ role: me.userData.role, rules: me.userAbilityRules }))
          .catch(() => undefined);
      },
      onFrame: (frame) => {
        // The shell's one socket also carries the user's new rules (docs/roles.md): the ability follows at once.
        if (frame.type === 'ability.updated') {
          applyAbilityUpdate(frame as unknown as AbilityUpdate);
          return;
        }
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
