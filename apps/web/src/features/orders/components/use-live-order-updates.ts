import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeConnection } from '../../../lib/socket-context';
import { useSocketEvent } from '../../../lib/socket-event-hook';
import { orderQueryKey } from '../api/get-order';
import { orderListsQueryKey } from '../api/get-orders';

/**
 * Keeps an open order page (or the orders list, when `orderId` is null) in step with the server:
 * a notification about the order makes it refetch, and so does a reconnect, since events sent while
 * the socket was away were missed.
 */
export function useLiveOrderUpdates(orderId: string | null) {
  const queryClient = useQueryClient();
  const { resyncCount } = useRealtimeConnection();

  const refresh = () => {
    if (orderId !== null) void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    void queryClient.invalidateQueries({ queryKey: orderListsQueryKey() });
  };

  useSocketEvent('newNotification', (notification) => {
    if (notification.source !== 'marketplace') return;
    if (orderId === null ? notification.type === 'order_update' || notification.type === 'delivery_update' : notification.related_entity_id === orderId) {
      refresh();
    }
  });

  const lastResyncRef = useRef(resyncCount);
  useEffect(() => {
    if (resyncCount === lastResyncRef.current) return;
    lastResyncRef.current = resyncCount;
    if (orderId !== null) void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    void queryClient.invalidateQueries({ queryKey: orderListsQueryKey() });
  }, [resyncCount, orderId, queryClient]);
}
