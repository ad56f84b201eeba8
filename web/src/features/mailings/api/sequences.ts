import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSequenceRequest,
  EnrolmentListResponse,
  EnrolmentStatus,
  Sequence,
  SequenceListResponse,
  SequenceResponse,
  UpdateSequenceRequest,
} from '@orbit/functions/mailings/sequence-contract';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/** The sequences API (functions/src/mailings/sequence-routes.ts): fetchers, query options and hooks. */

const basePath = '/api/apps/mailings/sequences';
const sequencePath = (id: string) => `${basePath}/${encodeURIComponent(id)}`;

export const sequencesKey = ['mailings', 'sequences'] as const;
const listKey = [...sequencesKey, 'list'] as const;
const sequenceKey = (id: string) => [...sequencesKey, 'sequence', id] as const;
const enrolmentsKey = (id: string) => [...sequencesKey, 'enrolments', id] as const;

export interface EnrolmentsParams {
  readonly status?: EnrolmentStatus;
  readonly cursor?: string;
  readonly limit?: number;
}

/* ---------- Queries ---------- */

export const fetchSequences = (signal?: AbortSignal): Promise<SequenceListResponse> =>
  apiRequest<SequenceListResponse>(basePath, { signal });

export const sequencesQueryOptions = () =>
  queryOptions({ queryKey: listKey, queryFn: ({ signal }) => fetchSequences(signal) });

export const useSequences = () => useQuery(sequencesQueryOptions());

export const fetchSequence = (id: string, signal?: AbortSignal): Promise<SequenceResponse> =>
  apiRequest<SequenceResponse>(sequencePath(id), { signal });

export const sequenceQueryOptions = (id: string) =>
  queryOptions({ queryKey: sequenceKey(id), queryFn: ({ signal }) => fetchSequence(id, signal) });

export const useSequence = (id: string | undefined) =>
  useQuery({ ...sequenceQueryOptions(id ?? ''), enabled: Boolean(id) });

export const fetchEnrolments = (
  id: string,
  params: EnrolmentsParams,
  signal?: AbortSignal,
): Promise<EnrolmentListResponse> =>
  apiRequest<EnrolmentListResponse>(`${sequencePath(id)}/enrolments${queryString({ ...params })}`, { signal });

export const enrolmentsQueryOptions = (id: string, params: EnrolmentsParams) =>
  queryOptions({
    queryKey: [...enrolmentsKey(id), params],
    queryFn: ({ signal }) => fetchEnrolments(id, params, signal),
  });

export const useEnrolments = (id: string, params: EnrolmentsParams) => useQuery(enrolmentsQueryOptions(id, params));

/* ---------- Writes ---------- */

export const createSequence = (body: CreateSequenceRequest): Promise<SequenceResponse> =>
  apiRequest<SequenceResponse>(basePath, { method: 'POST', body });

export const saveSequence = ({
  id,
  ...body
}: UpdateSequenceRequest & { readonly id: string }): Promise<SequenceResponse> =>
  apiRequest<SequenceResponse>(sequencePath(id), { method: 'PUT', body });

export const deleteSequence = (id: string): Promise<void> => apiRequest<void>(sequencePath(id), { method: 'DELETE' });

/** A write changed a sequence: the list reads it again, its own view takes the answer. */
const useSequenceMutation = <Input>(mutationFn: (input: Input) => Promise<SequenceResponse>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ sequence }: { sequence: Sequence }) => {
      queryClient.setQueryData(sequenceKey(sequence.id), { sequence });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
};

export const useCreateSequence = () => useSequenceMutation(createSequence);
export const useSaveSequence = () => useSequenceMutation(saveSequence);

export const useDeleteSequence = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSequence,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: sequenceKey(id) });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
};
