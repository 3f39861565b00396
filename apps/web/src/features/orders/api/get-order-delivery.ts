import { useQuery } from '@tanstack/react-query';
import { ZGetOrderDeliveryResponse, type TGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

export const orderDeliveryQueryKey = (orderId: string) => ['order-delivery', orderId] as const;

export async function getOrderDelivery(orderId: string, signal?: AbortSignal): Promise<TGetOrderDeliveryResponse> {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/delivery`, { schema: ZGetOrderDeliveryResponse, signal, reactTo: reactToSessionOrOutage });
}

/** The order's delivery task as its buyer or farm sees it: agent, last position, ends of the route, ETA, steps. */
export function useOrderDelivery(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderDeliveryQueryKey(orderId),
    queryFn: ({ signal }) => getOrderDelivery(orderId, signal),
    enabled: enabled && orderId !== '',
    retry: false,
  });
}
