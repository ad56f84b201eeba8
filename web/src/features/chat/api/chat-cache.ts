import type { QueryClient } from '@tanstack/react-query';
import type {
  ChatContact,
  ChatContactStatus,
  ChatMessage,
  ChatMessageDelivery,
  ChatsAndContactsResponse,
  DeliveryStatus,
  MessagesPage,
  OpenChatResponse,
} from '@orbit/functions/chat/contract';

/**
 * How live events change what the query cache holds: the chat list (every filter variant) and
 * open chats. Pure functions over the API's shapes, so they are tested without a socket.
 */

const listKey = ['chat', 'list'] as const;
const openKey = ['chat', 'open'] as const;

/**
 * An open chat as cached: the API's answer plus the newest receipts the contact sent over the
 * WebSocket. A receipt can arrive before the message it covers (the contact's browser answers
 * the push before the sender's own request has returned), so it is kept and applied on arrival;
 * so is a channel reply's delivery (the worker can send it, and fail, before the answer is back).
 */
export type CachedOpenChat = OpenChatResponse & {
  readonly peerReceipt?: Receipt;
  readonly earlyDeliveries?: Readonly<Record<string, ChatMessageDelivery>>;
};

/** How far a channel reply's delivery has gone: queued, then sent, then an outcome. */
const deliveryStage: Record<DeliveryStatus, number> = { queued: 0, sent: 1, delivered: 2, failed: 2, unknown: 2 };

/**
 * The further along of two copies of a reply's delivery. The send's answer (queued) can reach
 * the browser after the worker's 'delivery' frame (failed, delivered) when the worker is quick:
 * the older copy must not take the ticks, or a failure and its Retry, back. A retry starts again
 * from queued explicitly (useRetryChannelReply), before its answer or frames arrive.
 */
const furtherDelivery = (
  previous: ChatMessageDelivery | undefined,
  next: ChatMessageDelivery | undefined,
): ChatMessageDelivery | undefined =>
  previous && next && deliveryStage[previous.status] > deliveryStage[next.status] ? previous : next;

/**
 * Inserts or replaces a message, keeping the chat oldest first (ids are time-ordered). Receipts
 * and a channel reply's delivery only move forward: a copy read earlier never undoes a tick.
 */
export const upsertMessage = (
  open: CachedOpenChat | undefined,
  msg: ChatMessage,
  me: string,
): CachedOpenChat | undefined => {
  if (!open?.chat) return open;
  const previous = open.chat.messages.find((message) => message.id === msg.id);
  let next = open.peerReceipt ? withReceipt(msg, me, open.peerReceipt) : msg;
  const { [msg.id]: early, ...otherEarly } = open.earlyDeliveries ?? {};
  if (early) {
    const delivery = furtherDelivery(early, next.delivery);
    next = { ...next, ...(delivery ? { delivery } : {}) };
  }
  if (previous) {
    const delivery = furtherDelivery(previous.delivery, next.delivery);
    next = {
      ...next,
      ...(delivery ? { delivery } : {}),
      feedback: {
        isSent: next.feedback.isSent || previous.feedback.isSent,
        isDelivered: next.feedback.isDelivered || previous.feedback.isDelivered,
        isSeen: next.feedback.isSeen || previous.feedback.isSeen,
      },
    };
  }
  const messages = open.chat.messages.filter((message) => message.id !== msg.id);
  const index = messages.findIndex((message) => message.id > msg.id);
  if (index < 0) messages.push(next);
  else messages.splice(index, 0, next);
  return { ...open, ...(early ? { earlyDeliveries: otherEarly } : {}), chat: { ...open.chat, messages } };
};

export const prependOlder = (open: OpenChatResponse | undefined, page: MessagesPage): OpenChatResponse | undefined => {
  if (!open?.chat) return open;
  const known = new Set(open.chat.messages.map((message) => message.id));
  return {
    ...open,
    chat: {
      ...open.chat,
      messages: [...page.messages.filter((message) => !known.has(message.id)), ...open.chat.messages],
      nextCursor: page.nextCursor,
    },
  };
};

export interface Receipt {
  readonly deliveredUpTo: string | null;
  readonly seenUpTo: string | null;
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** The contact's receipts cover my messages up to these ids. */
const withReceipt = (message: ChatMessage, me: string, receipt: Receipt): ChatMessage => {
  if (message.senderId !== me) return message;
  const isSeen = message.feedback.isSeen || (receipt.seenUpTo !== null && message.id <= receipt.seenUpTo);
  const isDelivered =
    isSeen || message.feedback.isDelivered || (receipt.deliveredUpTo !== null && message.id <= receipt.deliveredUpTo);
  if (isSeen === message.feedback.isSeen && isDelivered === message.feedback.isDelivered) return message;
  return { ...message, feedback: { ...message.feedback, isDelivered, isSeen } };
};

export const applyReceipt = (
  open: CachedOpenChat | undefined,
  me: string,
  receipt: Receipt,
): CachedOpenChat | undefined => {
  if (!open) return open;
  const peerReceipt: Receipt = {
    deliveredUpTo: later(open.peerReceipt?.deliveredUpTo ?? null, receipt.deliveredUpTo),
    seenUpTo: later(open.peerReceipt?.seenUpTo ?? null, receipt.seenUpTo),
  };
  return {
    ...open,
    peerReceipt,
    ...(open.chat
      ? { chat: { ...open.chat, messages: open.chat.messages.map((message) => withReceipt(message, me, peerReceipt)) } }
      : {}),
  };
};

const mapChatContact = (
  list: ChatsAndContactsResponse | undefined,
  contactId: string,
  change: (entry: ChatContact) => ChatContact,
): ChatsAndContactsResponse | undefined =>
  list && {
    ...list,
    chatsContacts: list.chatsContacts.map((entry) => (entry.id === contactId ? change(entry) : entry)),
  };

export const applyReceiptToList = (
  list: ChatsAndContactsResponse | undefined,
  contactId: string,
  me: string,
  receipt: Receipt,
) =>
  mapChatContact(list, contactId, (entry) => ({
    ...entry,
    chat: { ...entry.chat, lastMessage: withReceipt(entry.chat.lastMessage, me, receipt) },
  }));

export const markChatOpened = (list: ChatsAndContactsResponse | undefined, contactId: string) =>
  mapChatContact(list, contactId, (entry) =>
    entry.chat.unseenMsgs === 0 ? entry : { ...entry, chat: { ...entry.chat, unseenMsgs: 0 } },
  );

/**
 * A message in the chat with `contactId`: it becomes the chat's last message and the chat moves
 * to the top; an incoming one the user is not looking at counts as unseen. Returns 'unknown'
 * when the list has neither the chat nor the contact (and should be fetched again).
 */
export const applyMessageToList = (
  list: ChatsAndContactsResponse | undefined,
  event: { contactId: string; chatId: number; msg: ChatMessage; countsAsUnseen: boolean },
): ChatsAndContactsResponse | undefined | 'unknown' => {
  if (!list) return list;
  const existing = list.chatsContacts.find((entry) => entry.id === event.contactId);
  const contact = existing ?? list.contacts.find((entry) => entry.id === event.contactId);
  if (!contact) return 'unknown';
  if (existing && existing.chat.lastMessage.id > event.msg.id) return list;
  const unseen = (existing?.chat.unseenMsgs ?? 0) + (event.countsAsUnseen ? 1 : 0);
  const entry: ChatContact = {
    ...contact,
    chat: { id: event.chatId, unseenMsgs: unseen, lastMessage: event.msg },
  };
  return { ...list, chatsContacts: [entry, ...list.chatsContacts.filter((other) => other.id !== event.contactId)] };
};

export const applyStatusToList = (
  list: ChatsAndContactsResponse | undefined,
  userId: string,
  status: ChatContactStatus,
): ChatsAndContactsResponse | undefined =>
  list && {
    ...list,
    chatsContacts: list.chatsContacts.map((entry) => (entry.id === userId ? { ...entry, status } : entry)),
    contacts: list.contacts.map((entry) => (entry.id === userId ? { ...entry, status } : entry)),
    profileUser: list.profileUser.id === userId ? { ...list.profileUser, status } : list.profileUser,
  };

/** A status change (presence or an admin's choice) everywhere the cache shows that person. */
export const applyContactStatus = (queryClient: QueryClient, userId: string, status: ChatContactStatus): void => {
  queryClient.setQueriesData<ChatsAndContactsResponse>({ queryKey: listKey }, (list) =>
    applyStatusToList(list, userId, status),
  );
  queryClient.setQueryData<OpenChatResponse>([...openKey, userId], (open) =>
    open ? { ...open, contact: { ...open.contact, status } } : open,
  );
};

/** The newest message the contact sent in an open chat, if any. */
export const lastIncomingId = (open: OpenChatResponse | undefined, me: string): string | undefined =>
  open?.chat?.messages.findLast((message) => message.senderId !== me)?.id;

/**
 * A channel reply's delivery changed (a 'delivery' frame): its ticks in the open chat follow. For
 * a reply newer than any the chat shows (its send's answer still on the way) it is kept until the
 * reply arrives (upsertMessage); one older than the chat's page is not shown, and not kept.
 */
export const applyDelivery = (
  open: CachedOpenChat | undefined,
  messageId: string,
  delivery: ChatMessageDelivery,
): CachedOpenChat | undefined => {
  if (!open?.chat) return open;
  if (!open.chat.messages.some((message) => message.id === messageId)) {
    const newest = open.chat.messages.at(-1)?.id ?? '';
    return messageId > newest ? { ...open, earlyDeliveries: { ...open.earlyDeliveries, [messageId]: delivery } } : open;
  }
  return {
    ...open,
    chat: {
      ...open.chat,
      messages: open.chat.messages.map((message) => (message.id === messageId ? { ...message, delivery } : message)),
    },
  };
};
