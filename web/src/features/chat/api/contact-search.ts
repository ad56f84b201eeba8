import { queryOptions } from '@tanstack/react-query';
import type { ContactsResponse } from '@orbit/functions/chat/contract';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * The people the navbar search finds: GET /api/apps/chat/contacts, which reads contacts only (the
 * chat list would count the search as delivering the last messages). Its own module, so the search
 * dialog does not download the chat page's API and cache code. The key sits under the chat's
 * (`['chat']`, chat-api.ts), so whatever refreshes the chat refreshes it too.
 */
export const contactSearchQueryOptions = ({ q, limit }: { readonly q: string; readonly limit: number }) =>
  queryOptions({
    queryKey: ['chat', 'contact-search', { q, limit }] as const,
    queryFn: ({ signal }) =>
      apiRequest<ContactsResponse>(`/api/apps/chat/contacts?${new URLSearchParams({ q, limit: String(limit) })}`, {
        signal,
      }),
  });
