import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatsAndContactsResponse, ClientFrame, OpenChatResponse } from '@orbit/functions/chat/contract';
import type { ScheduledMessage } from '@orbit/functions/chat/scheduled-contract';
import { chatKeys } from '../api/chat-api';
import {
  applyContactStatus,
  applyDelivery,
  applyMessageToList,
  applyReceipt,
  applyReceiptToList,
  lastIncomingId,
  upsertMessage,
} from '../api/chat-cache';
import { applyScheduledToCache } from '../api/scheduled-api';
import { ChatSocket, type ChatServerFrame, type SocketState } from './chat-socket';

/** Someone stops "typing" if no update arrives for this long (a lost "stopped" frame). */
const typingTimeoutMs = 6_000;
/** No input for this long makes the user "away" for their contacts. */
const idleAfterMs = 5 * 60_000;

export interface ChatRealtime {
  readonly state: SocketState;
  /** Contact ids currently typing to the user. */
  readonly typing: ReadonlySet<string>;
  send(frame: ClientFrame): boolean;
}

const isVisible = () => document.visibilityState === 'visible';

/**
 * Keeps the chat live while the page is open: applies pushed messages, receipts, typing and
 * status changes to the query cache, acknowledges delivery (and seen, when the chat is open and
 * visible), reports idle/active presence, and refetches after a reconnect to catch up.
 */
export const useChatRealtime = (
  me: string,
  activeContactId: string | null,
  /** One of the user's scheduled messages was sent or could not be (send later). */
  onScheduledDone?: (scheduled: ScheduledMessage) => void,
): ChatRealtime => {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SocketState>('connecting');
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const socketRef = useRef<ChatSocket | null>(null);
  const activeRef = useRef(activeContactId);
  const typingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const scheduledDoneRef = useRef(onScheduledDone);

  useEffect(() => {
    activeRef.current = activeContactId;
    scheduledDoneRef.current = onScheduledDone;
  }, [activeContactId, onScheduledDone]);

  const setContactTyping = useCallback((contactId: string, isTyping: boolean) => {
    const timers = typingTimers.current;
    const show = (typingNow: boolean) =>
      setTyping((current) => {
        if (current.has(contactId) === typingNow) return current;
        const next = new Set(current);
        if (typingNow) next.add(contactId);
        else next.delete(contactId);
        return next;
      });
    clearTimeout(timers.get(contactId));
    timers.delete(contactId);
    if (isTyping) {
      timers.set(
        contactId,
        setTimeout(() => {
          timers.delete(contactId);
          show(false);
        }, typingTimeoutMs),
      );
    }
    show(isTyping);
  }, []);

  useEffect(() => {
    const onFrame = (frame: ChatServerFrame) => {
      switch (frame.type) {
        case 'message': {
          const incoming = frame.msg.senderId !== me;
          const watching = incoming && activeRef.current === frame.contactId && isVisible();
          const openKey = chatKeys.chat(frame.contactId);
          const open = queryClient.getQueryData<OpenChatResponse>(openKey);
          if (open && !open.chat) void queryClient.invalidateQueries({ queryKey: openKey });
          else queryClient.setQueryData<OpenChatResponse>(openKey, (current) => upsertMessage(current, frame.msg, me));
          let unknown = false;
          queryClient.setQueriesData<ChatsAndContactsResponse>({ queryKey: chatKeys.lists() }, (list) => {
            const next = applyMessageToList(list, { ...frame, countsAsUnseen: incoming && !watching });
            if (next !== 'unknown') return next;
            unknown = true;
            return list;
          });
          if (unknown) void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
          if (incoming) {
            setContactTyping(frame.contactId, false);
            socketRef.current?.send({
              action: watching ? 'seen' : 'delivered',
              contactId: frame.contactId,
              messageId: frame.msg.id,
            });
          }
          return;
        }
        case 'receipt':
          queryClient.setQueryData<OpenChatResponse>(chatKeys.chat(frame.contactId), (open) =>
            applyReceipt(open, me, frame),
          );
          queryClient.setQueriesData<ChatsAndContactsResponse>({ queryKey: chatKeys.lists() }, (list) =>
            applyReceiptToList(list, frame.contactId, me, frame),
          );
          return;
        case 'typing':
          setContactTyping(frame.contactId, frame.isTyping);
          return;
        case 'status':
          applyContactStatus(queryClient, frame.userId, frame.status);
          return;
        case 'delivery':
          // A channel reply's ticks: sent, delivered, failed (with retry), unknown.
          queryClient.setQueryData<OpenChatResponse>(chatKeys.chat(frame.contactId), (open) =>
            applyDelivery(open, frame.messageId, frame.delivery),
          );
          return;
        case 'scheduled':
          // One of the admin's scheduled messages was sent (or failed): off the open chat's list.
          applyScheduledToCache(queryClient, frame.scheduled);
          if (frame.scheduled.status === 'sent' || frame.scheduled.status === 'failed')
            scheduledDoneRef.current?.(frame.scheduled);
          return;
        default:
          return;
      }
    };
    const socket = new ChatSocket({
      onFrame,
      onState: setState,
      // What was fetched before the socket opened may have missed messages (the socket was
      // connecting, or down for a while): fetch it again. Catching up after a reconnect.
      onOpen: () => {
        const openedAt = Date.now();
        void queryClient.invalidateQueries({
          queryKey: chatKeys.all,
          predicate: (query) => query.state.dataUpdatedAt < openedAt,
        });
      },
    });
    socketRef.current = socket;
    socket.start();
    const timers = typingTimers.current;
    return () => {
      socket.stop();
      socketRef.current = null;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, [me, queryClient, setContactTyping]);

  // Presence from activity: away after a while without input, online again on the next one.
  useEffect(() => {
    let away = false;
    let timer: ReturnType<typeof setTimeout>;
    const goAway = () => {
      away = socketRef.current?.send({ action: 'presence', status: 'away' }) ?? false;
    };
    const active = () => {
      clearTimeout(timer);
      timer = setTimeout(goAway, idleAfterMs);
      if (away) away = !(socketRef.current?.send({ action: 'presence', status: 'online' }) ?? false);
    };
    const events = ['pointerdown', 'keydown', 'pointermove', 'wheel', 'touchstart'] as const;
    for (const event of events) window.addEventListener(event, active, { passive: true });
    active();
    return () => {
      clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, active);
    };
  }, []);

  // Coming back to a hidden tab with the chat open: what arrived meanwhile is now seen.
  useEffect(() => {
    const onVisible = () => {
      const contactId = activeRef.current;
      if (!isVisible() || !contactId) return;
      const open = queryClient.getQueryData<OpenChatResponse>(chatKeys.chat(contactId));
      const messageId = lastIncomingId(open, me);
      if (messageId) socketRef.current?.send({ action: 'seen', contactId, messageId });
      queryClient.setQueriesData<ChatsAndContactsResponse>(
        { queryKey: chatKeys.lists() },
        (list) =>
          list && {
            ...list,
            chatsContacts: list.chatsContacts.map((entry) =>
              entry.id === contactId ? { ...entry, chat: { ...entry.chat, unseenMsgs: 0 } } : entry,
            ),
          },
      );
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [me, queryClient]);

  const send = useCallback((frame: ClientFrame) => socketRef.current?.send(frame) ?? false, []);
  return { state, typing, send };
};
