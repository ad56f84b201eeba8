import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKey } from '@orbit/functions/integrations/api-key-contract';
import { apiRequest } from '../../../shared/api/api-client';

/** The API keys API (functions/src/integrations): fetchers, query options and hooks. */

const basePath = '/api/apps/integrations/api-keys';
const apiKeysKey = ['integrations', 'api-keys'] as const;

export const fetchApiKeys = (signal?: AbortSignal): Promise<{ apiKeys: ApiKey[] }> =>
  apiRequest<{ apiKeys: ApiKey[] }>(basePath, { signal });

export const useApiKeys = () => useQuery({ queryKey: apiKeysKey, queryFn: ({ signal }) => fetchApiKeys(signal) });

/** The answer carries the whole key this once (the server keeps only its hash). */
export const createApiKey = (body: CreateApiKey): Promise<{ apiKey: ApiKey; key: string }> =>
  apiRequest<{ apiKey: ApiKey; key: string }>(basePath, { method: 'POST', body });

export const revokeApiKey = (id: string): Promise<{ apiKey: ApiKey }> =>
  apiRequest<{ apiKey: ApiKey }>(`${basePath}/${encodeURIComponent(id)}`, { method: 'DELETE' });

const useApiKeyMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
};

export const useCreateApiKey = () => useApiKeyMutation(createApiKey);
export const useRevokeApiKey = () => useApiKeyMutation(revokeApiKey);
