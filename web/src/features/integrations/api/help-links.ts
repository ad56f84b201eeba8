import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HelpLinks, SaveHelpLinks } from '@orbit/functions/integrations/links-contract';
import { apiRequest } from '../../../shared/api/api-client';

/** The help links API (functions/src/integrations/links-*.ts): read publicly, saved by an admin. */

const helpLinksKey = ['integrations', 'help-links'] as const;

export const fetchHelpLinks = (signal?: AbortSignal): Promise<{ links: HelpLinks }> =>
  apiRequest<{ links: HelpLinks }>('/api/integrations/links', { signal });

export const helpLinksQueryOptions = () =>
  queryOptions({ queryKey: helpLinksKey, queryFn: ({ signal }) => fetchHelpLinks(signal) });

export const useHelpLinks = () => useQuery(helpLinksQueryOptions());

/** Saves both targets from the version read; a stale version is a 409 that carries the current links. */
export const saveHelpLinks = (body: SaveHelpLinks): Promise<{ links: HelpLinks }> =>
  apiRequest<{ links: HelpLinks }>('/api/apps/integrations/links', { method: 'PUT', body });

export const useSaveHelpLinks = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHelpLinks,
    onSuccess: (answer) => queryClient.setQueryData(helpLinksKey, answer),
  });
};
