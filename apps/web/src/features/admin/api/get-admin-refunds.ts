import { useInfiniteQuery } from '@tanstack/react-query';
import { ZRefundListResponse, type TRefundListResponse } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { refundStatusQuery, type RefundStatusFilter } from '../utils/admin-filters';
import { adminKeys } from './admin-query-keys';

const PAGE_SIZE = 20;

export async function getAdminRefunds(filter: RefundStatusFilter, cursor: string | null, signal?: AbortSignal): Promise<TRefundListResponse> {
  const params = new URLSearchParams({ status: refundStatusQuery(filter), limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/admin/refunds?${params.toString()}`, { schema: ZRefundListResponse, signal });
}

/** Refund cases of every farm for one status filter, a page at a time. */
export function useAdminRefunds(filter: RefundStatusFilter) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.refunds(), filter],
    queryFn: ({ pageParam, signal }) => getAdminRefunds(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
