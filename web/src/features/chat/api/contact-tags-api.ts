import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetTagsResponse } from '@orbit/functions/mailings/audience-contract';
import { apiRequest } from '../../../shared/api/api-client';
import { chatKeys } from './chat-api';

/**
 * A contact's mailing tags, set from the contact panel (PUT /api/apps/mailings/contacts/{id}/tags,
 * docs/mailings.md "Audiences"): the whole list each time, so two panels never merge halves.
 * Chat's own call: features do not import each other.
 */
export const setContactTags = ({ id, tags }: { id: string; tags: readonly string[] }): Promise<SetTagsResponse> =>
  apiRequest<SetTagsResponse>(`/api/apps/mailings/contacts/${encodeURIComponent(id)}/tags`, {
    method: 'PUT',
    body: { tags },
  });

/** Saves the tags; the chat list (which carries each contact's tags) is read again. */
export const useSetContactTags = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setContactTags,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
};
