import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatContactStatus,
  ChatsAndContactsResponse,
  ContactStatusUpdateResponse,
  MessagesPage,
  OpenChatResponse,
  SendMessageResponse,
} from '@orbit/functions/chat/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { applyContactStatus, prependOlder, upsertMessage } from './chat-cache';

/** The chat API (functions/src/chat, docs/product.md#calls) with its query keys and hooks. */

const basePath = '/api/apps/chat';

export interface ChatListFilters {
  readonly q: string;
  /** Statuses joined with commas; empty for all (docs/product.md#calls: contained in the filter string). */
  readonly statusFilter: string;
}

export const chatKeys = {
  all: ['chat'] as const,
  lists: () => [...chatKeys.all, 'list'] as const,
  list: (filters: ChatListFilters) => [...chatKeys.lists(), filters] as const,
  chats: () => [...chatKeys.all, 'open'] as const,
  chat: (contactId: string) => [...chatKeys.chats(), contactId] as const,
};

export const fetchChatsAndContacts = (filters: ChatListFilters, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.statusFilter) query.set('statusFilter', filters.statusFilter);
  const text = query.toString();
  return apiRequest<ChatsAndContactsResponse>(`${basePath}/chats-and-contacts${text ? `?${text}` : ''}`, { signal });
};

export const chatsAndContactsQueryOptions = (filters: ChatListFilters) =>
  queryOptions({
    queryKey: chatKeys.list(filters),
    queryFn: ({ signal }) => fetchChatsAndContacts(filters, signal),
    placeholderData: (previous) => previous,
  });

export const useChatsAndContacts = (filters: ChatListFilters) => useQuery(chatsAndContactsQueryOptions(filters));

/** Opening a chat marks what the contact sent as seen (the server resets unseenMsgs). */
export const fetchOpenChat = (contactId: string, signal?: AbortSignal) =>
  apiRequest<OpenChatResponse>(`${basePath}/chats/${encodeURIComponent(contactId)}`, { signal });

export const openChatQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: chatKeys.chat(contactId),
    queryFn: ({ signal }) => fetchOpenChat(contactId, signal),
    // Kept current by the WebSocket; refetched after a reconnect (catch-up).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** Mounting a chat always asks the server again: that request is what marks it seen. */
export const useOpenChat = (contactId: string | null) =>
  useQuery({ ...openChatQueryOptions(contactId ?? ''), enabled: contactId !== null, refetchOnMount: 'always' });

export const fetchOlderMessages = (contactId: string, cursor: string, signal?: AbortSignal) =>
  apiRequest<MessagesPage>(
    `${basePath}/chats/${encodeURIComponent(contactId)}/messages?cursor=${encodeURIComponent(cursor)}`,
    {
      signal,
    },
  );

/** Loads the page before the oldest message shown and prepends it to the open chat. */
export const useLoadOlderMessages = (contactId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cursor: string) => fetchOlderMessages(contactId, cursor),
    onSuccess: (page) =>
      queryClient.setQueryData<OpenChatResponse>(chatKeys.chat(contactId), (open) => prependOlder(open, page)),
  });
};

export const sendMessage = (contactId: string, message: string, senderId: string) =>
  apiRequest<SendMessageResponse>(`${basePath}/chats/${encodeURIComponent(contactId)}`, {
    method: 'POST',
    body: { message, senderId },
  });

export const useSendMessage = (contactId: string, me: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendMessage(contactId, message, me),
    onSuccess: (response) => {
      queryClient.setQueryData<OpenChatResponse>(chatKeys.chat(contactId), (open) =>
        open && !open.chat && response.chat ? { ...open, chat: response.chat } : upsertMessage(open, response.msg, me),
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
};

export const updateContactStatus = (userId: string, status: ChatContactStatus) =>
  apiRequest<ContactStatusUpdateResponse>(`${basePath}/contacts`, { method: 'POST', body: { userId, status } });

/** Admins: a contact's status (presence or lead stage). */
export const useUpdateContactStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: ChatContactStatus }) =>
      updateContactStatus(userId, status),
    onSuccess: ({ contact }) => {
      applyContactStatus(queryClient, contact.id, contact.status);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
};
