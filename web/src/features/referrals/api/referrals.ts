import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCreditsResponse,
  AdminReferralsResponse,
  ReferralAccountResponse,
  RewardRuleResponse,
  SaveRewardRule,
} from '@orbit/functions/referrals/contract';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/** The referrals API (functions/src/referrals): a person's referrals, the admins' lists, the reward rule. */

const referralsKey = ['referrals'] as const;
const pageSize = 50;

export const referralAccountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...referralsKey, 'account', userId],
    queryFn: ({ signal }) =>
      apiRequest<ReferralAccountResponse>(`/api/apps/referrals/users/${encodeURIComponent(userId)}`, { signal }),
  });

export const useReferralAccount = (userId: string) => useQuery(referralAccountQueryOptions(userId));

/** Every referral (admins), newest first, a page at a time. */
export const useEveryReferral = () =>
  useInfiniteQuery({
    queryKey: [...referralsKey, 'all'],
    queryFn: ({ signal, pageParam }) =>
      apiRequest<AdminReferralsResponse>(`/api/apps/referrals${queryString({ limit: pageSize, cursor: pageParam })}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** Every credit balance (admins), by person, a page at a time. */
export const useEveryCredit = () =>
  useInfiniteQuery({
    queryKey: [...referralsKey, 'credits'],
    queryFn: ({ signal, pageParam }) =>
      apiRequest<AdminCreditsResponse>(
        `/api/apps/referrals/credits${queryString({ limit: pageSize, cursor: pageParam })}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

const rewardRuleKey = [...referralsKey, 'reward-rule'] as const;

export const useRewardRule = () =>
  useQuery({
    queryKey: rewardRuleKey,
    queryFn: ({ signal }) => apiRequest<RewardRuleResponse>('/api/apps/referrals/reward-rule', { signal }),
  });

/** Saves the rule from the version read; a stale version is a 409 that carries the current rule. */
export const useSaveRewardRule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveRewardRule) =>
      apiRequest<RewardRuleResponse>('/api/apps/referrals/reward-rule', { method: 'PUT', body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(rewardRuleKey, answer);
      // Each person's page shows the rule too.
      await queryClient.invalidateQueries({ queryKey: [...referralsKey, 'account'] });
    },
  });
};
