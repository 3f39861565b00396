import { useInfiniteQuery } from '@tanstack/react-query';
import { ZPayoutListResponse, type TPayoutListResponse } from '@pulse/contract/wallet';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { walletQueryKey } from '../../../lib/wallet-api';

export const PAYOUT_PAGE_SIZE = 10;

export async function getPayouts(cursor: string | null, signal?: AbortSignal): Promise<TPayoutListResponse> {
  const query = new URLSearchParams({ limit: String(PAYOUT_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/wallet/payouts?${query.toString()}`, { schema: ZPayoutListResponse, signal, reactTo: reactToSessionOrOutage });
}

/** The seller's payout requests, newest first, with their outcome. */
export function usePayouts(enabled: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useInfiniteQuery({
    queryKey: [...walletQueryKey(userId), 'payouts'],
    queryFn: ({ pageParam, signal }) => getPayouts(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: enabled && userId !== null,
  });
}
