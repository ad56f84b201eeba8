import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import type {
  Channel,
  ChannelsResponse,
  ConnectChannelRequest,
  ConnectChannelResponse,
  LeadBoardColumn,
  LeadBoardResponse,
  UpdateChannelRequest,
  WorkResponse,
} from '@orbit/functions/channels/contract';

/** The channels API (functions/src/channels): fetchers, query options and hooks. */

const basePath = '/api/apps/channels';
const channelPath = (id: string) => `${basePath}/${encodeURIComponent(id)}`;

export const channelsKey = ['channels'] as const;
const listKey = [...channelsKey, 'list'] as const;
const leadsKey = [...channelsKey, 'leads'] as const;
const workKey = [...channelsKey, 'work'] as const;

/** How often the list is read again while a test message is on its way (its answer settles it). */
export const pendingTestPollMs = 1500;

/* ---------- Channels ---------- */

export const fetchChannels = (signal?: AbortSignal): Promise<ChannelsResponse> =>
  apiRequest<ChannelsResponse>(basePath, { signal });

const hasPendingTest = (list: ChannelsResponse | undefined) =>
  Boolean(list?.channels.some((channel) => channel.lastTest?.status === 'pending'));

export const channelsQueryOptions = () =>
  queryOptions({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchChannels(signal),
    // A test is answered 202 and settles later: read again until no test is pending.
    refetchInterval: (query) => (hasPendingTest(query.state.data) ? pendingTestPollMs : false),
  });

export const useChannels = () => useQuery(channelsQueryOptions());

const putChannel = (queryClient: QueryClient, channel: Channel) => {
  queryClient.setQueryData<ChannelsResponse>(listKey, (list) => {
    if (!list) return list;
    const others = list.channels.filter((candidate) => candidate.id !== channel.id);
    const index = list.channels.findIndex((candidate) => candidate.id === channel.id);
    const channels = [...others];
    channels.splice(index < 0 ? channels.length : index, 0, channel);
    return { channels };
  });
  void queryClient.invalidateQueries({ queryKey: listKey });
};

export const connectChannel = (body: ConnectChannelRequest): Promise<ConnectChannelResponse> =>
  apiRequest<ConnectChannelResponse>(basePath, { method: 'POST', body });

export const updateChannel = ({ id, ...body }: UpdateChannelRequest & { readonly id: string }) =>
  apiRequest<{ channel: Channel }>(channelPath(id), { method: 'PATCH', body });

export const pauseChannel = ({ id, version }: Pick<Channel, 'id' | 'version'>) =>
  apiRequest<{ channel: Channel }>(`${channelPath(id)}/pause`, { method: 'POST', body: { version } });

export const resumeChannel = ({ id, version }: Pick<Channel, 'id' | 'version'>) =>
  apiRequest<{ channel: Channel }>(`${channelPath(id)}/resume`, { method: 'POST', body: { version } });

export const testChannel = ({ id, to }: { readonly id: string; readonly to?: string }) =>
  apiRequest<{ channel: Channel }>(`${channelPath(id)}/test`, { method: 'POST', body: to ? { to } : {} });

export const removeChannel = ({ id }: { readonly id: string }) =>
  apiRequest<void>(channelPath(id), { method: 'DELETE' });

const useChannelMutation = <Input, Output extends { readonly channel: Channel }>(
  mutationFn: (input: Input) => Promise<Output>,
) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: ({ channel }) => putChannel(queryClient, channel) });
};

export const useConnectChannel = () => useChannelMutation(connectChannel);
export const useUpdateChannel = () => useChannelMutation(updateChannel);
export const usePauseChannel = () => useChannelMutation(pauseChannel);
export const useResumeChannel = () => useChannelMutation(resumeChannel);
export const useTestChannel = () => useChannelMutation(testChannel);

export const useRemoveChannel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeChannel,
    onSuccess: (_result, { id }) => {
      queryClient.setQueryData<ChannelsResponse>(listKey, (list) =>
        list ? { channels: list.channels.filter((channel) => channel.id !== id) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
};

/* ---------- Background work that needs attention ---------- */

export const fetchWork = (signal?: AbortSignal): Promise<WorkResponse> =>
  apiRequest<WorkResponse>(`${basePath}/work`, { signal });

export const useWork = () => useQuery({ queryKey: workKey, queryFn: ({ signal }) => fetchWork(signal) });

export const replayJob = ({ id }: { readonly id: string }) =>
  apiRequest<unknown>(`${basePath}/work/${encodeURIComponent(id)}/replay`, { method: 'POST', body: {} });

export const useReplayJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayJob,
    onSuccess: (_result, { id }) => {
      // Replayed work leaves the list at once; the next read says whether it failed again.
      queryClient.setQueryData<WorkResponse>(workKey, (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: workKey });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
};

/* ---------- The lead pipeline ---------- */

export const fetchLeads = (signal?: AbortSignal): Promise<LeadBoardResponse> =>
  apiRequest<LeadBoardResponse>(`${basePath}/leads`, { signal });

export const leadsQueryOptions = () =>
  queryOptions({ queryKey: leadsKey, queryFn: ({ signal }) => fetchLeads(signal) });

export const useLeads = () => useQuery(leadsQueryOptions());

/** A board with one lead moved to another column, its counts following. */
export const withLeadMoved = (board: LeadBoardResponse, leadId: string, status: LeadBoardColumn): LeadBoardResponse => {
  const lead = board.columns.flatMap((column) => column.leads).find((candidate) => candidate.id === leadId);
  if (!lead || lead.status === status) return board;
  return {
    columns: board.columns.map((column) => {
      if (column.status === lead.status) {
        return {
          ...column,
          count: Math.max(0, column.count - 1),
          leads: column.leads.filter((candidate) => candidate.id !== leadId),
        };
      }
      if (column.status === status) {
        return { ...column, count: column.count + 1, leads: [{ ...lead, status }, ...column.leads] };
      }
      return column;
    }),
  };
};

/** The lead's status is the chat contact's status: the same call the chat's contact panel makes. */
export const setLeadStatus = ({ leadId, status }: { readonly leadId: string; readonly status: LeadBoardColumn }) =>
  apiRequest<unknown>('/api/apps/chat/contacts', { method: 'POST', body: { userId: leadId, status } });

/**
 * Moves a lead at once (optimistic); a refusal puts the board back as it was and the caller says
 * so; either way the board is read again, so counts are the server's.
 */
export const useMoveLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLeadStatus,
    onMutate: async ({ leadId, status }) => {
      await queryClient.cancelQueries({ queryKey: leadsKey });
      const before = queryClient.getQueryData<LeadBoardResponse>(leadsKey);
      if (before) queryClient.setQueryData(leadsKey, withLeadMoved(before, leadId, status));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(leadsKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadsKey }),
  });
};
