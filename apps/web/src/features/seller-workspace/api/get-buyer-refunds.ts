import { useInfiniteQuery } from '@tanstack/react-query';
import { REFUND_STATUSES, ZOrderListResponse, type TOrderListResponse, type TRefundStatus } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { REFUND_PAGE_SIZE } from './get-seller-refunds';

export async function getBuyerRefunds(statuses: readonly TRefundStatus[], cursor: string | null, signal?: AbortSignal): Promise<TOrderListResponse> {
  const query = new URLSearchParams({ role: 'buyer', status: (statuses.length > 0 ? statuses : REFUND_STATUSES).join(','), limit: String(REFUND_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/orders?${query.toString()}`, { schema: ZOrderListResponse, signal });
}

/** The buyer's own orders in a refund status (read-only history). */
export function useBuyerRefunds(statuses: readonly TRefundStatus[], enabled: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useInfiniteQuery({
    // Under 'orders' so the order pages' invalidations refresh it too.
    queryKey: ['orders', 'list', userId, 'refunds', statuses.join(',')],
    queryFn: ({ pageParam, signal }) => getBuyerRefunds(statuses, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: enabled && userId !== null,
    refetchOnWindowFocus: true,
  });
}
