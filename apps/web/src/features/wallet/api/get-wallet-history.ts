import { useInfiniteQuery } from '@tanstack/react-query';
import { ZWalletHistoryResponse, type TWalletHistoryResponse } from '@pulse/contract/wallet';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { walletQueryKey } from '../../../lib/wallet-api';

export const WALLET_HISTORY_PAGE_SIZE = 20;

export async function getWalletHistory(cursor: string | null, signal?: AbortSignal): Promise<TWalletHistoryResponse> {
  const query = new URLSearchParams({ limit: String(WALLET_HISTORY_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/wallet/history?${query.toString()}`, { schema: ZWalletHistoryResponse, signal, reactTo: reactToSessionOrOutage });
}

/** Wallet movements, newest first, a page at a time ("Load more"). */
export function useWalletHistory() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useInfiniteQuery({
    queryKey: [...walletQueryKey(userId), 'history'],
    queryFn: ({ pageParam, signal }) => getWalletHistory(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: userId !== null,
  });
}
