import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  ReauthenticateRequest,
  RecoveryCodesResponse,
  SecurityLogResponse,
  SessionsResponse,
  TwoStepEnrolment,
  TwoStepStatus,
} from '@orbit/functions/auth/security-contract';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * The security API (functions/src/auth, docs/user-view.md "Security, two-step sign-in and
 * sessions"): fetchers, query options and hooks for the Security and Activity tabs.
 */

const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;

export const securityKey = (userId: string) => ['user-security', userId] as const;
const sessionsKey = (userId: string) => [...securityKey(userId), 'sessions'] as const;
const twoStepKey = (userId: string) => [...securityKey(userId), 'two-step'] as const;
const logKey = (userId: string) => [...securityKey(userId), 'log'] as const;

/* ---------- Queries ---------- */

export const sessionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: sessionsKey(userId),
    queryFn: ({ signal }) => apiRequest<SessionsResponse>(`${userPath(userId)}/sessions`, { signal }),
  });
export const useSessions = (userId: string) => useQuery(sessionsQueryOptions(userId));

export const twoStepQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: twoStepKey(userId),
    queryFn: ({ signal }) => apiRequest<TwoStepStatus>(`${userPath(userId)}/two-step`, { signal }),
  });
export const useTwoStepStatus = (userId: string) => useQuery(twoStepQueryOptions(userId));

export const securityLogPageSize = 10;

/** The log, a page at a time (newest first): "show more" asks for the page after the last. */
export const useSecurityLog = (userId: string) =>
  useInfiniteQuery({
    queryKey: logKey(userId),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SecurityLogResponse>(
        `${userPath(userId)}/security-log?limit=${securityLogPageSize}${pageParam ? `&cursor=${pageParam}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/* ---------- Mutations ---------- */

/** Every security query of the user is stale after a change (sessions, two-step, the log). */
const useInvalidateSecurity = (userId: string) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: securityKey(userId) });
};

export const useChangePassword = (userId: string) => {
  const invalidate = useInvalidateSecurity(userId);
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest<undefined>(`${userPath(userId)}/password`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
};

export const useRevokeSession = (userId: string) => {
  const invalidate = useInvalidateSecurity(userId);
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest<undefined>(`${userPath(userId)}/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
};

export const useRevokeOtherSessions = (userId: string) => {
  const invalidate = useInvalidateSecurity(userId);
  return useMutation({
    mutationFn: () => apiRequest<{ revoked: number }>(`${userPath(userId)}/sessions/revoke-others`, { method: 'POST' }),
    onSuccess: invalidate,
  });
};

export const useStartTwoStep = (userId: string) =>
  useMutation({
    mutationFn: () => apiRequest<TwoStepEnrolment>(`${userPath(userId)}/two-step`, { method: 'POST' }),
  });

export const useConfirmTwoStep = (userId: string) => {
  const invalidate = useInvalidateSecurity(userId);
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<RecoveryCodesResponse>(`${userPath(userId)}/two-step/confirm`, { method: 'POST', body: { code } }),
    onSuccess: invalidate,
  });
};

export const useDisableTwoStep = (userId: string) => {
  const invalidate = useInvalidateSecurity(userId);
  return useMutation({
    mutationFn: (body: ReauthenticateRequest) =>
      apiRequest<undefined>(`${userPath(userId)}/two-step`, { method: 'DELETE', body }),
    onSuccess: invalidate,
  });
};

export const useRegenerateRecoveryCodes = (userId: string) => {
  const invalidate = useInvalidateSecurity(userId);
  return useMutation({
    mutationFn: (body: ReauthenticateRequest) =>
      apiRequest<RecoveryCodesResponse>(`${userPath(userId)}/two-step/recovery-codes`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
};
