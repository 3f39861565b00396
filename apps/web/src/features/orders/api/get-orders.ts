import { useInfiniteQuery } from '@tanstack/react-query';
import { ZOrderListResponse, type TOrderListResponse } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { getOrderGroupStatusFilter, type OrderGroup } from '../../../lib/orders/order-groups';

export const ORDER_PAGE_SIZE = 10;

export async function getOrders(group: OrderGroup, cursor: string | null, signal?: AbortSignal): Promise<TOrderListResponse> {
  const params = new URLSearchParams({ role: 'buyer', status: getOrderGroupStatusFilter(group), limit: String(ORDER_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/orders?${params.toString()}`, { schema: ZOrderListResponse, signal });
}

export function orderListsQueryKey() {
  return ['orders', 'list'] as const;
}

export function orderListQueryKey(userId: string | null, group: OrderGroup) {
  return [...orderListsQueryKey(), userId, group] as const;
}

/** The buyer's orders of one dashboard tab, newest first, a page at a time (keyset cursor). */
export function useOrders(group: OrderGroup) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useInfiniteQuery({
    queryKey: orderListQueryKey(userId, group),
    queryFn: ({ pageParam, signal }) => getOrders(group, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: userId !== null,
    refetchOnWindowFocus: true,
  });
}
