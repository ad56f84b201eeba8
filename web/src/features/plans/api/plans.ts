import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePlan,
  PlanResponse,
  PlansOverviewResponse,
  PlansResponse,
  RequestChange,
  SetSubscription,
  SubscriptionResponse,
  SubscriptionsResponse,
  UpdatePlan,
} from '@orbit/functions/plans/contract';
import type { MembersResponse } from '@orbit/functions/team/contract';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/**
 * The plans API (functions/src/plans, docs/plans.md): the catalogue, subscriptions and the
 * admins' overview. Every write refreshes what it changes: a subscription write changes the
 * subscription, the list and the overview; a plan write the catalogue and the subscriptions that
 * show the plan.
 */

const basePath = '/api/apps/plans';
const subscriptionPath = (clientId: string) => `${basePath}/subscriptions/${encodeURIComponent(clientId)}`;
const pageSize = 50;

export const plansKey = ['plans'] as const;
const catalogueKey = [...plansKey, 'catalogue'] as const;
const subscriptionKey = (clientId: string) => [...plansKey, 'subscription', clientId] as const;
const subscriptionsKey = [...plansKey, 'subscriptions'] as const;
const overviewKey = [...plansKey, 'overview'] as const;

/* ---------- Catalogue ---------- */

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKey,
    queryFn: ({ signal }) => apiRequest<PlansResponse>(basePath, { signal }),
  });

export const useCatalogue = () => useQuery(catalogueQueryOptions());

/** Creates a plan (create Plan). */
export const useCreatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlan) => apiRequest<PlanResponse>(basePath, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKey }),
  });
};

/** Edits a plan from the version read (update Plan); a stale version is a 409 carrying the plan as it is. */
export const useUpdatePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdatePlan & { readonly id: string }) =>
      apiRequest<PlanResponse>(`${basePath}/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    // Subscriptions show their plan's name, prices and limits.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKey }),
  });
};

/* ---------- Subscriptions ---------- */

/** A client's subscription; a client with none is a 404 (ApiError status 404), which the pages show as "no plan yet". */
export const subscriptionQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: subscriptionKey(clientId),
    queryFn: ({ signal }) => apiRequest<SubscriptionResponse>(subscriptionPath(clientId), { signal }),
    retry: false,
  });

export const useSubscription = (clientId: string, enabled = true) =>
  useQuery({ ...subscriptionQueryOptions(clientId), enabled });

/** Every client's subscription (admins), by client, a page at a time. */
export const useSubscriptions = () =>
  useInfiniteQuery({
    queryKey: subscriptionsKey,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<SubscriptionsResponse>(
        `${basePath}/subscriptions${queryString({ limit: pageSize, cursor: pageParam })}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** After any subscription write: the client's subscription as answered, and the lists and sums that count it. */
const useSubscriptionWrite = <Body>(send: (clientId: string, body: Body) => Promise<SubscriptionResponse>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, body }: { readonly clientId: string; readonly body: Body }) => send(clientId, body),
    onSuccess: async (answer, { clientId }) => {
      queryClient.setQueryData(subscriptionKey(clientId), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionsKey }),
        queryClient.invalidateQueries({ queryKey: overviewKey }),
        // Subscribing drafts the first invoice; a plan change adds lines to the next one.
        queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      ]);
    },
  });
};

/** Subscribes a client, or changes their plan (prorated now) or interval (at the period's end) from the version read. */
export const useSetSubscription = () =>
  useSubscriptionWrite((clientId, body: SetSubscription) =>
    apiRequest<SubscriptionResponse>(subscriptionPath(clientId), { method: 'PUT', body }),
  );

/** The client asks for another plan or interval. */
export const useRequestChange = () =>
  useSubscriptionWrite((clientId, body: RequestChange) =>
    apiRequest<SubscriptionResponse>(`${subscriptionPath(clientId)}/change-request`, { method: 'POST', body }),
  );

/** The client withdraws their request, or an admin declines it. */
export const useDropChangeRequest = () =>
  useSubscriptionWrite((clientId, _body: undefined) =>
    apiRequest<SubscriptionResponse>(`${subscriptionPath(clientId)}/change-request`, { method: 'DELETE' }),
  );

/** An admin applies the client's request. */
export const useApproveChangeRequest = () =>
  useSubscriptionWrite((clientId, _body: undefined) =>
    apiRequest<SubscriptionResponse>(`${subscriptionPath(clientId)}/change-request/approve`, { method: 'POST' }),
  );

/** The client ends their subscription at the period's end, or keeps it after all. */
export const useCancelAtPeriodEnd = () =>
  useSubscriptionWrite((clientId, cancel: boolean) =>
    apiRequest<SubscriptionResponse>(`${subscriptionPath(clientId)}/${cancel ? 'cancel' : 'resume'}`, {
      method: 'POST',
    }),
  );

/* ---------- Overview ---------- */

export const useOverview = () =>
  useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => apiRequest<PlansOverviewResponse>(`${basePath}/overview`, { signal }),
  });

/* ---------- Clients to subscribe ---------- */

/** Clients by name for the admins' "subscribe a client" picker (the team's member list, read Team). */
export const useClientsNamed = (query: string, enabled: boolean) =>
  useQuery({
    queryKey: [...plansKey, 'clients', query],
    queryFn: ({ signal }) =>
      apiRequest<MembersResponse>(`/api/team/members${queryString({ role: 'client', q: query, itemsPerPage: 10 })}`, {
        signal,
      }),
    enabled,
  });
