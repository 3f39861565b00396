import { useQuery } from '@tanstack/react-query';
import { ZOrderDetails, type TOrderDetails } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

export async function getOrderDetails(orderId: string, signal?: AbortSignal): Promise<TOrderDetails> {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}`, { schema: ZOrderDetails, signal, reactTo: reactToSessionOrOutage });
}

/** One order with its items (the dashboard lists carry no items): for the final-weight dialog. */
export function useOrderDetails(orderId: string) {
  return useQuery({
    // The orders feature's key for the same order, so both views share one cache entry.
    queryKey: ['orders', 'detail', orderId],
    queryFn: ({ signal }) => getOrderDetails(orderId, signal),
    staleTime: 0,
  });
}
