import { useInfiniteQuery } from '@tanstack/react-query';
import { ZRefundListResponse, type TRefundListResponse, type TRefundStatus } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { isSellerAccessDenied } from '../../../lib/seller-access';
import { sellerQueryKey } from './seller-query-keys';

export const REFUND_PAGE_SIZE = 10;

export async function getSellerRefunds(statuses: readonly TRefundStatus[], cursor: string | null, signal?: AbortSignal): Promise<TRefundListResponse> {
  const query = new URLSearchParams({ limit: String(REFUND_PAGE_SIZE) });
  if (statuses.length > 0) query.set('status', statuses.join(','));
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/seller/refunds?${query.toString()}`, { schema: ZRefundListResponse, signal, reactTo: reactToSessionOrOutage });
}

/** Refund cases on the seller's orders, newest first, a page at a time. */
export function useSellerRefunds(statuses: readonly TRefundStatus[], enabled: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useInfiniteQuery({
    queryKey: [...sellerQueryKey(userId), 'refunds', statuses.join(',')],
    queryFn: ({ pageParam, signal }) => getSellerRefunds(statuses, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: enabled && userId !== null,
    refetchOnWindowFocus: true,
    retry: (failureCount, error) => !isSellerAccessDenied(error) && failureCount < 2,
  });
}
