import { useQuery } from '@tanstack/react-query';
import { ZReviewListResponse, type TReview } from '@pulse/contract/reviews';
import type { TOrderDetails } from '@pulse/contract/orders';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';

export function orderReviewQueryKey(orderId: string) {
  return ['orders', 'review', orderId] as const;
}

/** Looks the order's review up among the seller's latest reviews (for servers whose order details omit it). */
export async function findOrderReview(order: Pick<TOrderDetails, 'id' | 'sellerUserId'>, signal?: AbortSignal): Promise<TReview | null> {
  const response = await apiRequest(`/api/sellers/${encodeURIComponent(order.sellerUserId)}/reviews?limit=50`, {
    schema: ZReviewListResponse,
    signal,
    reactTo: reactToSessionExpiryOnly,
  });
  return response.items.find((review) => review.orderId === order.id) ?? null;
}

/**
 * The review of this order with the seller's reply. The order details carry it; when they do not
 * (field absent), it is looked up once the order is completed and can no longer be reviewed.
 */
export function useOrderReview(order: TOrderDetails | undefined) {
  const embedded = order?.review;
  const needsLookup = order !== undefined && embedded === undefined && order.status === 'completed' && !order.canReview;
  const lookup = useQuery({
    queryKey: orderReviewQueryKey(order?.id ?? ''),
    queryFn: ({ signal }) => (order ? findOrderReview(order, signal) : Promise.resolve(null)),
    enabled: needsLookup,
  });
  if (embedded !== undefined) return embedded;
  return lookup.data ?? null;
}
