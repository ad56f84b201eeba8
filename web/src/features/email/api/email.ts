import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  MailCounts,
  MailDetail,
  MailFilter,
  MailFolder,
  MailLabel,
  MailListResponse,
  MailResponse,
  MailSummary,
  RecipientSuggestion,
} from '@orbit/functions/email/contract';
import type {
  ComposeMode,
  CreateDraftRequest,
  RecipientInput,
  SaveDraftRequest,
} from '@orbit/functions/email/requests';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/** The email API (functions/src/email, docs/email.md): fetchers, query options and hooks. */

const basePath = '/api/apps/email';
const mailPath = (id: string) => `${basePath}/mails/${encodeURIComponent(id)}`;
const draftPath = (id: string) => `${basePath}/drafts/${encodeURIComponent(id)}`;

/** What a list shows: the folder (or starred) or the label from the route, and the search's filters. */
export interface MailListParams {
  readonly filter?: MailFilter;
  readonly label?: MailLabel;
  readonly q?: string;
  readonly unread?: boolean;
  readonly attachments?: boolean;
}

export const emailKey = ['email'] as const;
export const listsKey = [...emailKey, 'list'] as const;
export const countsKey = [...emailKey, 'counts'] as const;
export const mailKey = (id: string) => [...emailKey, 'mail', id] as const;

/* ---------- Queries ---------- */

export const fetchMails = (
  params: MailListParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MailListResponse> =>
  apiRequest<MailListResponse>(
    `${basePath}/mails${queryString({
      filter: params.filter,
      label: params.label,
      q: params.q?.trim(),
      unread: params.unread ? 'true' : undefined,
      attachments: params.attachments ? 'true' : undefined,
      cursor: cursor ?? undefined,
    })}`,
    { signal },
  );

export const mailsQueryOptions = (params: MailListParams) =>
  infiniteQueryOptions({
    queryKey: [...listsKey, params],
    queryFn: ({ pageParam, signal }) => fetchMails(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMails = (params: MailListParams) => {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(mailsQueryOptions(params));
  // Each page carries the counts as they were when it was read: the side panel follows them.
  const counts = query.data?.pages[query.data.pages.length - 1]?.counts;
  useEffect(() => {
    if (counts) queryClient.setQueryData(countsKey, counts);
  }, [counts, queryClient]);
  return query;
};

export const fetchCounts = (signal?: AbortSignal): Promise<MailCounts> =>
  apiRequest<{ counts: MailCounts } | MailCounts>(`${basePath}/counts`, { signal }).then((body) =>
    'counts' in body ? body.counts : body,
  );

export const countsQueryOptions = () =>
  queryOptions({ queryKey: countsKey, queryFn: ({ signal }) => fetchCounts(signal) });

export const useCounts = () => useQuery(countsQueryOptions());

export const fetchMail = (id: string, signal?: AbortSignal): Promise<MailResponse> =>
  apiRequest<MailResponse>(mailPath(id), { signal });

export const mailQueryOptions = (id: string) =>
  queryOptions({ queryKey: mailKey(id), queryFn: ({ signal }) => fetchMail(id, signal) });

export const useMail = (id: string | null) => useQuery({ ...mailQueryOptions(id ?? ''), enabled: Boolean(id) });

export const fetchRecipients = (q: string, signal?: AbortSignal): Promise<readonly RecipientSuggestion[]> =>
  apiRequest<{ recipients: readonly RecipientSuggestion[] }>(`${basePath}/recipients${queryString({ q })}`, {
    signal,
  }).then((body) => body.recipients);

export const useRecipientSuggestions = (q: string) =>
  useQuery({
    queryKey: [...emailKey, 'recipients', q],
    queryFn: ({ signal }) => fetchRecipients(q, signal),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
  });

export const fetchAttachmentUrl = (mailId: string, attachmentId: string): Promise<string> =>
  apiRequest<{ url: string }>(`${mailPath(mailId)}/attachments/${encodeURIComponent(attachmentId)}`).then(
    (body) => body.url,
  );

/* ---------- Changes ---------- */

/** The changes PATCH and bulk take (docs/email.md, "Routes"). */
export interface MailChange {
  readonly read?: boolean;
  readonly starred?: boolean;
  readonly folder?: MailFolder;
  readonly addLabels?: readonly MailLabel[];
  readonly removeLabels?: readonly MailLabel[];
  readonly showImages?: boolean;
}

const afterChange = (queryClient: QueryClient, counts: MailCounts | undefined) => {
  if (counts) queryClient.setQueryData(countsKey, counts);
  void queryClient.invalidateQueries({ queryKey: listsKey });
};

/** PATCH answers the mail's summary (no body): the open mail takes its flags, and is read again when its body changes (images). */
export const patchMail = (id: string, change: MailChange) =>
  apiRequest<{ mail: MailSummary; counts: MailCounts }>(mailPath(id), { method: 'PATCH', body: change });

export const usePatchMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: MailChange }) => patchMail(id, change),
    onSuccess: ({ mail, counts }, { change }) => {
      queryClient.setQueryData<MailResponse>(mailKey(mail.id), (old) =>
        old ? { ...old, mail: { ...old.mail, ...mail } } : old,
      );
      if (change.showImages !== undefined) void queryClient.invalidateQueries({ queryKey: mailKey(mail.id) });
      afterChange(queryClient, counts);
    },
  });
};

export const useBulkChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: readonly string[] } & (MailChange | { deleteForever: true })) =>
      apiRequest<{ changed: number; counts: MailCounts }>(`${basePath}/mails/bulk`, { method: 'POST', body }),
    onSuccess: ({ counts }, { ids }) => {
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: mailKey(id) });
      afterChange(queryClient, counts);
    },
  });
};

export const useDeleteForever = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ counts?: MailCounts } | undefined>(mailPath(id), { method: 'DELETE' }),
    onSuccess: (body, id) => {
      queryClient.removeQueries({ queryKey: mailKey(id) });
      afterChange(queryClient, body?.counts);
    },
  });
};

export const useEmptyFolder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folder: 'spam' | 'trash') =>
      apiRequest<{ counts?: MailCounts } | undefined>(`${basePath}/folders/${folder}/empty`, { method: 'POST' }),
    onSuccess: (body) => afterChange(queryClient, body?.counts),
  });
};

/* ---------- Drafts ---------- */

export type DraftMode = ComposeMode;

/** What a draft holds that the compose dialog edits (docs/email.md, "Drafts, sending, threads"). */
export interface DraftFields {
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly bcc: readonly string[];
  readonly subject: string;
  readonly html: string;
}

export interface UploadTicket {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly expiresAt: string;
}

/** The form keeps addresses; the API takes recipients as objects (requests.ts, `recipientInput`). */
const recipients = (addresses: readonly string[] | undefined): RecipientInput[] | undefined =>
  addresses?.map((address) => ({ address }));

const bodyOf = (fields: Partial<DraftFields>) => ({
  ...fields,
  to: recipients(fields.to),
  cc: recipients(fields.cc),
  bcc: recipients(fields.bcc),
});

export const createDraft = (body: { mode: DraftMode; of?: string } & Partial<DraftFields>) =>
  apiRequest<{ draft: MailDetail }>(`${basePath}/drafts`, {
    method: 'POST',
    body: { ...bodyOf(body), mode: body.mode, of: body.of } satisfies Partial<CreateDraftRequest>,
  });

export const saveDraft = (id: string, version: number, fields: DraftFields) =>
  apiRequest<{ draft: MailDetail }>(draftPath(id), {
    method: 'PUT',
    body: {
      ...fields,
      to: recipients(fields.to) ?? [],
      cc: recipients(fields.cc) ?? [],
      bcc: recipients(fields.bcc) ?? [],
      version,
    } satisfies SaveDraftRequest,
  });

export const discardDraft = (id: string, version?: number) =>
  apiRequest<undefined>(`${draftPath(id)}${queryString({ version: version?.toString() })}`, { method: 'DELETE' });

export const sendDraft = (id: string, version: number) =>
  apiRequest<{ mail: MailDetail }>(`${draftPath(id)}/send`, { method: 'POST', body: { version } });

export const addAttachment = (id: string, file: { name: string; type: string; size: number }) =>
  apiRequest<{
    attachment: { id: string; name: string; type: string; size: number };
    upload: UploadTicket;
    draft: MailDetail;
  }>(`${draftPath(id)}/attachments`, { method: 'POST', body: file });

export const removeAttachment = (id: string, attachmentId: string) =>
  apiRequest<{ draft?: MailDetail } | undefined>(`${draftPath(id)}/attachments/${encodeURIComponent(attachmentId)}`, {
    method: 'DELETE',
  });

/** The presigned PUT, with the headers the server signed, reporting progress (fetch cannot). */
export const uploadFile = (ticket: UploadTicket, file: Blob, onProgress: (fraction: number) => void) =>
  new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => (request.status < 300 ? resolve() : reject(new Error(`upload ${request.status}`)));
    request.onerror = () => reject(new Error('upload failed'));
    request.send(file);
  });

/** After a send or a discard: the lists, the counts (drafts, sent) and the thread answered. */
export const refreshAfterDraft = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: listsKey });
  void queryClient.invalidateQueries({ queryKey: countsKey });
  void queryClient.invalidateQueries({ queryKey: [...emailKey, 'mail'] });
};

export type { MailSummary };
