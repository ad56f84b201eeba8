import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Mailing,
  MailingList,
  MailingPreview,
  MailingState,
  MailingStats,
  RecipientsPage,
  RecipientStatus,
  MailingInput,
  TransitionInput,
} from './mailing-types';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/** The mailings API (functions/src/mailings): fetchers, query options and hooks. */

const basePath = '/api/apps/mailings';
const mailingPath = (id: string) => `${basePath}/${encodeURIComponent(id)}`;

export const mailingsKey = ['mailings'] as const;
const listKey = [...mailingsKey, 'list'] as const;
const mailingKey = (id: string) => [...mailingsKey, 'mailing', id] as const;
const statsKey = (id: string) => [...mailingsKey, 'stats', id] as const;
const recipientsKey = (id: string) => [...mailingsKey, 'recipients', id] as const;

/** While a mailing is on its way its numbers move: the detail page asks again this often (ms). */
export const liveRefreshMs = 3000;
const isLive = (state: MailingState | undefined) => state === 'sending' || state === 'scheduled';

/* ---------- Queries ---------- */

export const fetchMailings = (
  params: { state?: MailingState; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<MailingList> => apiRequest<MailingList>(`${basePath}${queryString({ ...params })}`, { signal });

export const useMailings = (params: { state?: MailingState; cursor?: string; limit?: number }) =>
  useQuery({
    queryKey: [...listKey, params],
    queryFn: ({ signal }) => fetchMailings(params, signal),
    placeholderData: keepPreviousData,
    // The list's totals move while a mailing sends.
    refetchInterval: (query) => (query.state.data?.mailings.some((m) => isLive(m.state)) ? liveRefreshMs : false),
  });

export const fetchMailing = (id: string, signal?: AbortSignal): Promise<{ mailing: Mailing }> =>
  apiRequest<{ mailing: Mailing }>(mailingPath(id), { signal });

export const mailingQueryOptions = (id: string) =>
  queryOptions({ queryKey: mailingKey(id), queryFn: ({ signal }) => fetchMailing(id, signal) });

export const useMailing = (id: string | undefined, live = false) =>
  useQuery({
    ...mailingQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => (live && isLive(query.state.data?.mailing.state) ? liveRefreshMs : false),
  });

export const fetchStats = (id: string, signal?: AbortSignal): Promise<MailingStats> =>
  apiRequest<MailingStats>(`${mailingPath(id)}/stats`, { signal });

/** By state, as the recipients: the figures read while sending are not the ones shown once sent. */
export const useMailingStats = (id: string, state: MailingState | undefined, live: boolean) =>
  useQuery({
    queryKey: [...statsKey(id), state],
    queryFn: ({ signal }) => fetchStats(id, signal),
    refetchInterval: live ? liveRefreshMs : false,
  });

export const fetchRecipients = (
  id: string,
  params: { status?: RecipientStatus; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<RecipientsPage> =>
  apiRequest<RecipientsPage>(`${mailingPath(id)}/recipients${queryString({ ...params })}`, { signal });

/**
 * The mailing's state is in the key: a page read while scheduled (no one yet) is never shown
 * from the cache once the mailing has moved on, e.g. to sent between two live polls.
 */
export const useRecipients = (
  id: string,
  state: MailingState,
  params: { status?: RecipientStatus; cursor?: string; limit?: number },
  live: boolean,
) =>
  useQuery({
    queryKey: [...recipientsKey(id), state, params],
    queryFn: ({ signal }) => fetchRecipients(id, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: live ? liveRefreshMs : false,
  });

/** People to preview a mailing as: the audience part's contacts route, by tag or by name. */
export const usePreviewPeople = (params: { tag?: string; q?: string }, enabled: boolean) =>
  useQuery({
    queryKey: [...mailingsKey, 'preview-people', params],
    queryFn: ({ signal }) =>
      apiRequest<{ contacts: readonly { id: string; fullName: string }[] }>(
        `${basePath}/contacts${queryString({ ...params, limit: 20 })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });

/* ---------- Writes ---------- */

export const createMailing = (body: MailingInput): Promise<{ mailing: Mailing }> =>
  apiRequest<{ mailing: Mailing }>(basePath, { method: 'POST', body });

export const saveMailing = ({
  id,
  ...body
}: MailingInput & { readonly id: string; readonly version: number }): Promise<{ mailing: Mailing }> =>
  apiRequest<{ mailing: Mailing }>(mailingPath(id), { method: 'PUT', body });

export const deleteMailing = (id: string): Promise<void> => apiRequest<void>(mailingPath(id), { method: 'DELETE' });

export const transitionMailing = ({
  id,
  ...body
}: TransitionInput & { readonly id: string }): Promise<{ mailing: Mailing }> =>
  apiRequest<{ mailing: Mailing }>(`${mailingPath(id)}/transitions`, { method: 'POST', body });

export const previewMailing = ({ id, personId }: { id: string; personId: string }): Promise<MailingPreview> =>
  apiRequest<MailingPreview>(`${mailingPath(id)}/preview`, { method: 'POST', body: { personId } });

export const testMailing = (id: string): Promise<unknown> =>
  apiRequest<unknown>(`${mailingPath(id)}/test`, { method: 'POST', body: {} });

/** A write changed a mailing: the list and its views read it again. */
const useMailingMutation = <Input>(mutationFn: (input: Input) => Promise<{ mailing: Mailing }>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ mailing }) => {
      queryClient.setQueryData(mailingKey(mailing.id), { mailing });
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: statsKey(mailing.id) });
      void queryClient.invalidateQueries({ queryKey: recipientsKey(mailing.id) });
    },
  });
};

export const useCreateMailing = () => useMailingMutation(createMailing);
export const useSaveMailing = () => useMailingMutation(saveMailing);
export const useTransitionMailing = () => useMailingMutation(transitionMailing);

export const useDeleteMailing = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMailing,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
};
