import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ZPayoutListResponse, type TPayout, type TPayoutListResponse } from '@pulse/contract/wallet';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { invalidateWallet, walletQueryKey } from '../../../lib/wallet-api';

export const PAYOUT_PAGE_SIZE = 10;
/** How often the list is asked again while a payout is on its way (the provider settles it within seconds to minutes). */
export const PENDING_PAYOUT_POLL_MS = 5000;

export async function getPayouts(cursor: string | null, signal?: AbortSignal): Promise<TPayoutListResponse> {
  const query = new URLSearchParams({ limit: String(PAYOUT_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/wallet/payouts?${query.toString()}`, { schema: ZPayoutListResponse, signal, reactTo: reactToSessionOrOutage });
}

/** The payouts still on their way to the provider's recipient, newest first. */
export function pendingPayoutsOf(data: InfiniteData<TPayoutListResponse> | undefined): TPayout[] {
  return data?.pages.flatMap((page) => page.items).filter((payout) => payout.status === 'pending') ?? [];
}

/**
 * The seller's payout requests, newest first, with their outcome. While one is pending the list is
 * asked again every 5 s, and stops once none is; when a pending payout is decided (sent, or
 * returned to the wallet) the balances are refreshed too.
 */
export function usePayouts(enabled: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const payouts = useInfiniteQuery({
    queryKey: [...walletQueryKey(userId), 'payouts'],
    queryFn: ({ pageParam, signal }) => getPayouts(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: enabled && userId !== null,
    refetchInterval: (query) => (pendingPayoutsOf(query.state.data).length > 0 ? PENDING_PAYOUT_POLL_MS : false),
  });

  const pendingIds = pendingPayoutsOf(payouts.data)
    .map((payout) => payout.id)
    .join(',');
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = pendingIds;
    const stillPending = new Set(pendingIds.split(','));
    if (before && before.split(',').some((id) => !stillPending.has(id))) void invalidateWallet(queryClient, userId);
  }, [pendingIds, queryClient, userId]);

  return payouts;
}
