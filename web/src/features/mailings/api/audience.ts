import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type {
  AudienceFilter,
  AudiencePreviewResponse,
  BulkTagsResponse,
  ContactStatus,
  MailingChannel,
  MailingChannelsResponse,
  MailingContactsResponse,
  TagsResponse,
} from './mailing-types';
import { mailingsKey } from './mailings';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/** The audience and tag routes (functions/src/mailings/audience-routes.ts): who a mailing reaches, tags in bulk. */

const basePath = '/api/apps/mailings';
const audienceKey = [...mailingsKey, 'audience'] as const;
const tagsKey = [...audienceKey, 'tags'] as const;
const contactsKey = [...audienceKey, 'contacts'] as const;
const previewKey = [...audienceKey, 'preview'] as const;
const channelsKey = [...audienceKey, 'channels'] as const;

/** How long the builder waits after the last change before it asks for the count again (ms). */
export const audiencePreviewDelayMs = 400;

export interface ContactsParams {
  readonly q?: string;
  readonly tag?: string;
  readonly status?: ContactStatus;
  readonly cursor?: string;
  readonly limit?: number;
}

export const fetchTags = (signal?: AbortSignal): Promise<TagsResponse> =>
  apiRequest<TagsResponse>(`${basePath}/tags`, { signal });

/** The tags in use (most used first): the builder's and the contacts table's choices. */
export const useTags = () =>
  useQuery({ queryKey: tagsKey, queryFn: ({ signal }) => fetchTags(signal), staleTime: 30_000 });

export const fetchMailingChannels = (signal?: AbortSignal): Promise<MailingChannelsResponse> =>
  apiRequest<MailingChannelsResponse>(`${basePath}/channels`, { signal });

/** The Telegram channels a mailing can go through: asked for once the editor's channel is Telegram. */
export const useMailingChannels = (enabled: boolean) =>
  useQuery({
    queryKey: channelsKey,
    queryFn: ({ signal }) => fetchMailingChannels(signal),
    staleTime: 60_000,
    enabled,
  });

interface PreviewBody {
  readonly channel: MailingChannel;
  /** A Telegram mailing's channel: only chats on that bot count. */
  readonly channelId?: string;
  readonly audience: AudienceFilter;
}

export const fetchAudiencePreview = (body: PreviewBody, signal?: AbortSignal): Promise<AudiencePreviewResponse> =>
  apiRequest<AudiencePreviewResponse>(`${basePath}/audience/preview`, { method: 'POST', body, signal });

/** `value`, once it has stopped changing for `delayMs`. */
export const useDebounced = <T>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * The live recipient count, a sample of names and who is left out, for the audience as it is
 * being built: asked once the choices stop changing (a POST per keystroke would be wasted).
 */
export const useAudiencePreview = (channel: MailingChannel, audience: AudienceFilter, channelId?: string) => {
  // A string key: the filter object is new on every render, its content is what matters.
  const body: PreviewBody = { channel, ...(channel === 'telegram' && channelId ? { channelId } : {}), audience };
  const settled = useDebounced(JSON.stringify(body), audiencePreviewDelayMs);
  return useQuery({
    queryKey: [...previewKey, settled],
    queryFn: ({ signal }) => fetchAudiencePreview(JSON.parse(settled) as PreviewBody, signal),
    placeholderData: keepPreviousData,
  });
};

export const fetchMailingContacts = (params: ContactsParams, signal?: AbortSignal): Promise<MailingContactsResponse> =>
  apiRequest<MailingContactsResponse>(`${basePath}/contacts${queryString({ ...params })}`, { signal });

export const useMailingContacts = (params: ContactsParams) =>
  useQuery({
    queryKey: [...contactsKey, params],
    queryFn: ({ signal }) => fetchMailingContacts(params, signal),
    placeholderData: keepPreviousData,
  });

export const bulkTags = (body: {
  readonly ids: readonly string[];
  readonly add: readonly string[];
  readonly remove: readonly string[];
}): Promise<BulkTagsResponse> => apiRequest<BulkTagsResponse>(`${basePath}/contacts/tags`, { method: 'POST', body });

/** Tags added and removed on many people: the table, the tag counts and any count read again. */
export const useBulkTags = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkTags,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: audienceKey }),
  });
};
