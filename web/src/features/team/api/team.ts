import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Invitation,
  InvitationPreview,
  InvitationsResponse,
  Member,
  MembersResponse,
  Role,
} from '@orbit/functions/team/contract';
import type { AcceptInvitationRequest, SignInResponse } from '@orbit/functions/auth/contract';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../shared/api/api-client';
import { updateSession } from '../../../shared/session/session-store';

/** The team page's API (functions/src/team; docs/roles.md, "Team and invitations"). */

export interface MembersParams {
  readonly q: string;
  readonly role: Role | null;
  readonly page: number;
  readonly itemsPerPage: number;
}

const teamKey = ['team'] as const;

const membersQueryString = (params: MembersParams): string => {
  const query = new URLSearchParams({ page: String(params.page), itemsPerPage: String(params.itemsPerPage) });
  if (params.q) query.set('q', params.q);
  if (params.role) query.set('role', params.role);
  return `?${query.toString()}`;
};

export const useMembers = (params: MembersParams) =>
  useQuery(
    queryOptions({
      queryKey: [...teamKey, 'members', params],
      queryFn: ({ signal }) =>
        apiRequest<MembersResponse>(`/api/team/members${membersQueryString(params)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  );

export const useInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: [...teamKey, 'invitations'],
    queryFn: ({ signal }) => apiRequest<InvitationsResponse>('/api/team/invitations', { signal }),
    enabled,
  });

const memberPath = (id: string) => `/api/team/members/${encodeURIComponent(id)}`;
const invitationPath = (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`;

/** Every change refreshes the list and the invitations. */
const useTeamMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey }) });
};

export const useInvite = () =>
  useTeamMutation((body: { email?: string; phone?: string; role: Role }) =>
    apiRequest<{ invitation: Invitation }>('/api/team/invitations', { method: 'POST', body }),
  );
export const useResendInvitation = () =>
  useTeamMutation((id: string) =>
    apiRequest<{ invitation: Invitation }>(`${invitationPath(id)}/resend`, { method: 'POST' }),
  );
export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => apiRequest<void>(invitationPath(id), { method: 'DELETE' }));
export const useChangeRole = () =>
  useTeamMutation(({ id, role, version }: { id: string; role: Role; version: number }) =>
    apiRequest<{ member: Member }>(`${memberPath(id)}/role`, { method: 'PATCH', body: { role, version } }),
  );
export const useSuspension = () =>
  useTeamMutation(({ id, suspend }: { id: string; suspend: boolean }) =>
    apiRequest<{ member: Member }>(`${memberPath(id)}/${suspend ? 'suspend' : 'reactivate'}`, { method: 'POST' }),
  );
export const useResetTwoStep = () =>
  useTeamMutation((id: string) => apiRequest<void>(`${memberPath(id)}/two-step/reset`, { method: 'POST' }));

/* ---------- The accept page (signed out) ---------- */

export type PreviewState =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly invitation: InvitationPreview }
  | { readonly state: 'failed'; readonly error: unknown };

/**
 * What a link offers, read once per token. A plain fetch, not a query: the page sits in the
 * blank layout, outside the shell's query client.
 */
export const useInvitationPreview = (token: string): { preview: PreviewState; reload: () => void } => {
  const [preview, setPreview] = useState<PreviewState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    apiRequest<{ invitation: InvitationPreview }>(`/api/team/invitations/accept?token=${encodeURIComponent(token)}`, {
      signal: controller.signal,
      authenticated: false,
    }).then(
      ({ invitation }) => setPreview({ state: 'ready', invitation }),
      (error: unknown) => {
        if (!controller.signal.aborted) setPreview({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);
  return { preview, reload: () => setAttempt((count) => count + 1) };
};

/** Signs up through the link and stores the session before the page navigates (as register does). */
export const acceptInvitation = async (body: AcceptInvitationRequest): Promise<SignInResponse> => {
  const response = await apiRequest<SignInResponse>('/api/auth/accept-invitation', {
    method: 'POST',
    body,
    authenticated: false,
  });
  updateSession(response);
  return response;
};
