import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import { useRealtimeConnection } from '../../../lib/socket-context';
import { useSocketEvent } from '../../../lib/socket-event-hook';
import { orderQueryKey } from '../api/get-order';
import { orderDeliveryQueryKey } from '../api/get-order-delivery';
import { withPosition } from '../utils/delivery-position';

/**
 * Follows one order's delivery live: the agent's position moves the marker at once (no refetch),
 * a task status change refetches the delivery and the order, and so does a reconnect (positions
 * sent while the socket was away were missed).
 */
export function useLiveDelivery(orderId: string): void {
  const queryClient = useQueryClient();
  const { resyncCount } = useRealtimeConnection();
  const lastResyncRef = useRef(resyncCount);

  useEffect(() => {
    if (resyncCount === lastResyncRef.current) return;
    lastResyncRef.current = resyncCount;
    void queryClient.invalidateQueries({ queryKey: orderDeliveryQueryKey(orderId) });
  }, [resyncCount, orderId, queryClient]);

  useSocketEvent('deliveryPosition', (position) => {
    if (position.orderId !== orderId) return;
    queryClient.setQueryData<TGetOrderDeliveryResponse>(orderDeliveryQueryKey(orderId), (current) => (current ? withPosition(current, position) : current));
  });

  useSocketEvent('deliveryTaskUpdated', (update) => {
    if (update.orderId !== orderId) return;
    void queryClient.invalidateQueries({ queryKey: orderDeliveryQueryKey(orderId) });
    void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
  });
}
