import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OpenChatResponse, RetryDeliveryResponse } from '@orbit/functions/chat/contract';
import type {
  CreateScheduledRequest,
  ScheduledListResponse,
  ScheduledMessage,
  ScheduledResponse,
} from '@orbit/functions/chat/scheduled-contract';
import { apiRequest } from '../../../shared/api/api-client';
import { chatKeys } from './chat-api';
import { applyDelivery, upsertMessage } from './chat-cache';

/**
 * Send later (functions/src/chat/scheduled-*.ts): an admin's scheduled messages to the open
 * contact, and the channel-reply retry. Under the chat's query keys, so a reconnect's catch-up
 * (which refetches everything of the chat) brings them up to date too.
 */

const chatsPath = (contactId: string) => `/api/apps/chat/chats/${encodeURIComponent(contactId)}`;

export const scheduledKeys = {
  all: () => [...chatKeys.all, 'scheduled'] as const,
  of: (contactId: string) => [...scheduledKeys.all(), contactId] as const,
};

export const fetchScheduled = (contactId: string, signal?: AbortSignal) =>
  apiRequest<ScheduledListResponse>(`${chatsPath(contactId)}/scheduled`, { signal });

export const scheduledQueryOptions = (contactId: string) =>
  queryOptions({ queryKey: scheduledKeys.of(contactId), queryFn: ({ signal }) => fetchScheduled(contactId, signal) });

/** Only for those who may schedule (admins): `enabled` false asks nothing. */
export const useScheduledMessages = (contactId: string, enabled: boolean) =>
  useQuery({ ...scheduledQueryOptions(contactId), enabled });

const soonestFirst = (a: ScheduledMessage, b: ScheduledMessage) =>
  a.sendAt.localeCompare(b.sendAt) || a.id.localeCompare(b.id);

/** A schedule as it now is: listed while still to be sent, gone once sent, cancelled or failed. */
export const applyScheduled = (
  list: ScheduledListResponse | undefined,
  scheduled: ScheduledMessage,
): ScheduledListResponse | undefined => {
  if (!list) return list;
  const others = list.scheduled.filter((item) => item.id !== scheduled.id);
  const current = list.scheduled.find((item) => item.id === scheduled.id);
  // An older copy (a late answer after a newer frame) never replaces a newer one.
  if (current && current.version > scheduled.version) return list;
  return {
    scheduled: scheduled.status === 'scheduled' ? [...others, scheduled].sort(soonestFirst) : others,
  };
};

export const applyScheduledToCache = (queryClient: QueryClient, scheduled: ScheduledMessage): void => {
  queryClient.setQueryData<ScheduledListResponse>(scheduledKeys.of(scheduled.contactId), (list) =>
    applyScheduled(list, scheduled),
  );
};

export const scheduleMessage = (contactId: string, body: CreateScheduledRequest) =>
  apiRequest<ScheduledResponse>(`${chatsPath(contactId)}/scheduled`, { method: 'POST', body });

export const updateScheduled = (
  contactId: string,
  id: string,
  body: { message?: string; sendAt?: string; version: number },
) =>
  apiRequest<ScheduledResponse>(`${chatsPath(contactId)}/scheduled/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });

export const cancelScheduled = (contactId: string, id: string) =>
  apiRequest<undefined>(`${chatsPath(contactId)}/scheduled/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useScheduleMessage = (contactId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScheduledRequest) => scheduleMessage(contactId, body),
    onSuccess: ({ scheduled }) => applyScheduledToCache(queryClient, scheduled),
  });
};

export const useUpdateScheduled = (contactId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; message?: string; sendAt?: string; version: number }) =>
      updateScheduled(contactId, id, body),
    onSuccess: ({ scheduled }) => applyScheduledToCache(queryClient, scheduled),
  });
};

export const useCancelScheduled = (contactId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scheduled: ScheduledMessage) => cancelScheduled(contactId, scheduled.id),
    onSuccess: (_answer, scheduled) =>
      applyScheduledToCache(queryClient, { ...scheduled, status: 'cancelled', version: scheduled.version + 1 }),
    // Too late (sent meanwhile) or gone: what the server has now is what the list shows.
    onError: () => void queryClient.invalidateQueries({ queryKey: scheduledKeys.of(contactId) }),
  });
};

/** A failed channel reply, sent again (a new delivery of the same message). */
export const retryChannelReply = (contactId: string, messageId: string) =>
  apiRequest<RetryDeliveryResponse>(`${chatsPath(contactId)}/messages/${encodeURIComponent(messageId)}/retry`, {
    method: 'POST',
  });

export const useRetryChannelReply = (contactId: string, me: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => retryChannelReply(contactId, messageId),
    // Queued again at once: the new attempt's frames, and the answer, then only move it forward.
    onMutate: (messageId) => {
      const before = queryClient
        .getQueryData<OpenChatResponse>(chatKeys.chat(contactId))
        ?.chat?.messages.find((message) => message.id === messageId)?.delivery;
      queryClient.setQueryData<OpenChatResponse>(chatKeys.chat(contactId), (open) =>
        applyDelivery(open, messageId, { status: 'queued' }),
      );
      return { before };
    },
    onError: (_error, messageId, context) => {
      const before = context?.before;
      if (before)
        queryClient.setQueryData<OpenChatResponse>(chatKeys.chat(contactId), (open) =>
          applyDelivery(open, messageId, before),
        );
    },
    onSuccess: ({ msg }) =>
      queryClient.setQueryData<OpenChatResponse>(chatKeys.chat(contactId), (open) => upsertMessage(open, msg, me)),
  });
};
