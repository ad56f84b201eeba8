import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import type { EmailFrame } from '@orbit/functions/email/contract';
import { LiveSocket } from '../../../shared/realtime/live-socket';
import { countsKey, emailKey } from '../api/email';
import { applyEmailFrame } from '../api/email-frames';

const isEmailFrame = (frame: { readonly type: string }): frame is EmailFrame =>
  frame.type === 'email.received' || frame.type === 'email.changed' || frame.type === 'email.status';

/**
 * The email page's connection while it is open: every frame of the user reaches each of their
 * connections (docs/email.md), and this one takes the mailbox's. It asks for the `notifications`
 * purpose, which every signed-in user may open and which leaves the chat presence alone. After a
 * reconnect everything shown is read again (what arrived meanwhile). `onReceived` lets the page
 * announce a new mail.
 */
export const useEmailLive = (onReceived: (frame: Extract<EmailFrame, { type: 'email.received' }>) => void): void => {
  const queryClient = useQueryClient();
  const received = useEffectEvent(onReceived);
  useEffect(() => {
    const socket = new LiveSocket<{ action: 'ping' }, EmailFrame | { type: string }>({
      query: { purpose: 'notifications' },
      onState: () => undefined,
      onOpen: (reconnected) => {
        if (!reconnected) return;
        void queryClient.invalidateQueries({ queryKey: emailKey });
        void queryClient.invalidateQueries({ queryKey: countsKey });
      },
      onFrame: (frame) => {
        if (!isEmailFrame(frame)) return;
        applyEmailFrame(queryClient, frame);
        if (frame.type === 'email.received') received(frame);
      },
    });
    socket.start();
    return () => socket.stop();
  }, [queryClient]);
};
