import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhook,
  UpdateWebhook,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryStatus,
  WebhookDeliverySummary,
  WebhookWithSecret,
} from '@orbit/functions/integrations/webhook-contract';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/** The outgoing webhooks API (functions/src/integrations): fetchers, query options and hooks. */

const basePath = '/api/apps/integrations/webhooks';
const webhookPath = (id: string) => `${basePath}/${encodeURIComponent(id)}`;
const deliveryPath = (webhookId: string, deliveryId: string) =>
  `${webhookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}`;

const webhooksKey = ['integrations', 'webhooks'] as const;
const listKey = [...webhooksKey, 'list'] as const;
const deliveriesKey = (webhookId: string) => [...webhooksKey, 'deliveries', webhookId] as const;

/** While a delivery waits for its next attempt the log moves on its own: it is read again this often (ms). */
export const deliveriesRefreshMs = 3000;

export interface DeliveriesQuery {
  readonly status?: WebhookDeliveryStatus;
  readonly cursor?: string;
  readonly limit?: number;
}

/* ---------- Queries ---------- */

export const fetchWebhooks = (signal?: AbortSignal): Promise<{ webhooks: Webhook[] }> =>
  apiRequest<{ webhooks: Webhook[] }>(basePath, { signal });

export const useWebhooks = () => useQuery({ queryKey: listKey, queryFn: ({ signal }) => fetchWebhooks(signal) });

export const fetchDeliveries = (
  webhookId: string,
  params: DeliveriesQuery,
  signal?: AbortSignal,
): Promise<WebhookDeliveryList> =>
  apiRequest<WebhookDeliveryList>(`${webhookPath(webhookId)}/deliveries${queryString({ ...params })}`, { signal });

export const useDeliveries = (webhookId: string, params: DeliveriesQuery) =>
  useQuery({
    queryKey: [...deliveriesKey(webhookId), params],
    queryFn: ({ signal }) => fetchDeliveries(webhookId, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? deliveriesRefreshMs : false,
  });

export const fetchDelivery = (
  webhookId: string,
  deliveryId: string,
  signal?: AbortSignal,
): Promise<{ delivery: WebhookDelivery }> =>
  apiRequest<{ delivery: WebhookDelivery }>(deliveryPath(webhookId, deliveryId), { signal });

export const useDelivery = (webhookId: string, deliveryId: string) =>
  useQuery({
    queryKey: [...deliveriesKey(webhookId), 'one', deliveryId],
    queryFn: ({ signal }) => fetchDelivery(webhookId, deliveryId, signal),
    refetchInterval: (query) => (query.state.data?.delivery.status === 'pending' ? deliveriesRefreshMs : false),
  });

/* ---------- Writes ---------- */

export const createWebhook = (body: CreateWebhook): Promise<WebhookWithSecret> =>
  apiRequest<WebhookWithSecret>(basePath, { method: 'POST', body });

export const updateWebhook = ({
  id,
  ...body
}: UpdateWebhook & { readonly id: string }): Promise<{ webhook: Webhook }> =>
  apiRequest<{ webhook: Webhook }>(webhookPath(id), { method: 'PATCH', body });

export const deleteWebhook = (id: string): Promise<void> => apiRequest<void>(webhookPath(id), { method: 'DELETE' });

export const rotateWebhookSecret = (id: string): Promise<WebhookWithSecret> =>
  apiRequest<WebhookWithSecret>(`${webhookPath(id)}/rotate-secret`, { method: 'POST', body: {} });

export const sendTestEvent = (id: string): Promise<{ delivery: WebhookDeliverySummary }> =>
  apiRequest<{ delivery: WebhookDeliverySummary }>(`${webhookPath(id)}/test`, { method: 'POST', body: {} });

export const replayDelivery = ({
  webhookId,
  deliveryId,
}: {
  readonly webhookId: string;
  readonly deliveryId: string;
}): Promise<{ delivery: WebhookDeliverySummary }> =>
  apiRequest<{ delivery: WebhookDeliverySummary }>(`${deliveryPath(webhookId, deliveryId)}/replay`, {
    method: 'POST',
    body: {},
  });

export const replayFailed = ({
  webhookId,
  since,
}: {
  readonly webhookId: string;
  readonly since: string;
}): Promise<{ replayed: number }> =>
  apiRequest<{ replayed: number }>(`${webhookPath(webhookId)}/replay-failed`, { method: 'POST', body: { since } });

/** A write changed a subscription: the list reads it again. */
const useWebhookMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
};

export const useCreateWebhook = () => useWebhookMutation(createWebhook);
export const useUpdateWebhook = () => useWebhookMutation(updateWebhook);
export const useDeleteWebhook = () => useWebhookMutation(deleteWebhook);
export const useRotateWebhookSecret = () => useWebhookMutation(rotateWebhookSecret);

/** A write queued deliveries: the subscription's log reads them. */
const useDeliveryMutation = <Input extends { readonly webhookId: string }, Output>(
  mutationFn: (input: Input) => Promise<Output>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_output, { webhookId }) => void queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
  });
};

export const useSendTestEvent = () =>
  useDeliveryMutation(({ webhookId }: { readonly webhookId: string }) => sendTestEvent(webhookId));
export const useReplayDelivery = () => useDeliveryMutation(replayDelivery);
export const useReplayFailed = () => useDeliveryMutation(replayFailed);
