import { useInfiniteQuery } from '@tanstack/react-query';
import { ZAdminPaymentsResponse, type TAdminPaymentsResponse } from '@pulse/contract/payments';
import { apiRequest } from '../../../lib/api-client';
import { paymentStateQuery, type PaymentStateFilter } from '../utils/payment-display';
import { adminKeys } from './admin-query-keys';

const PAGE_SIZE = 20;

export async function getAdminPayments(filter: PaymentStateFilter, cursor: string | null, signal?: AbortSignal): Promise<TAdminPaymentsResponse> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  const state = paymentStateQuery(filter);
  if (state) params.set('state', state);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/admin/payments?${params.toString()}`, { schema: ZAdminPaymentsResponse, signal });
}

/** Provider payments and transfers against the ledger, newest first, a page at a time. */
export function useAdminPayments(filter: PaymentStateFilter) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.payments(), filter],
    queryFn: ({ pageParam, signal }) => getAdminPayments(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
