import { useQuery } from '@tanstack/react-query';
import { ZOrderDetails, type TOrderDetails } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';

export async function getOrder(orderId: string, signal?: AbortSignal): Promise<TOrderDetails> {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}`, { schema: ZOrderDetails, signal });
}

export function orderQueryKey(orderId: string) {
  return ['orders', 'detail', orderId] as const;
}

/**
 * One order as the signed-in person may see it. Refetched when the window regains focus, and by
 * LiveOrderUpdates when the server notifies about this order, so the timeline follows on its own.
 */
export function useOrder(orderId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    enabled: user !== null,
    refetchOnWindowFocus: true,
  });
}
