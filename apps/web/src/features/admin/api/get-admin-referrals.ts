import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  ZAdminAttributionsResponse,
  ZAdminReferralAgentsResponse,
  type TAdminAttributionsResponse,
  type TAdminReferralAgentsResponse,
} from '@pulse/contract/referrals';
import { apiRequest } from '../../../lib/api-client';
import { referralStateQuery, type ReferralStateFilter } from '../utils/referral-display';
import { adminKeys } from './admin-query-keys';

const PAGE_SIZE = 20;

export async function getAdminReferralAgents(signal?: AbortSignal): Promise<TAdminReferralAgentsResponse> {
  return apiRequest('/api/admin/referrals/agents', { schema: ZAdminReferralAgentsResponse, signal });
}

/** Every referral agent with its figures, most sign-ups first. */
export function useAdminReferralAgents() {
  return useQuery({ queryKey: adminKeys.referralAgents(), queryFn: ({ signal }) => getAdminReferralAgents(signal) });
}

export async function getAdminAttributions(
  agentUserId: string,
  filter: ReferralStateFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TAdminAttributionsResponse> {
  const params = new URLSearchParams({ agentUserId, limit: String(PAGE_SIZE) });
  const state = referralStateQuery(filter);
  if (state) params.set('state', state);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/admin/referrals/attributions?${params.toString()}`, { schema: ZAdminAttributionsResponse, signal });
}

/** One agent's attributions, newest first, a page at a time; nothing is asked before an agent is chosen. */
export function useAdminAttributions(agentUserId: string | null, filter: ReferralStateFilter) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.referralAttributions(), agentUserId, filter],
    queryFn: ({ pageParam, signal }) => getAdminAttributions(agentUserId ?? '', filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: agentUserId !== null,
  });
}
