import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeConnection } from '../../../lib/socket-context';
import { useSocketEvent } from '../../../lib/socket-event-hook';
import { SELLER_QUERY_ROOT } from '../api/seller-query-keys';

/**
 * The server notifies the farm of every step a buyer, an admin or a timer takes (a new paid order,
 * a refund request, a completion): those refresh the seller's lists and wallet. So does a reconnect,
 * since notifications sent while the socket was away were missed.
 */
export function useLiveSellerUpdates() {
  const queryClient = useQueryClient();
  const { resyncCount } = useRealtimeConnection();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: SELLER_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };

  useSocketEvent('newNotification', (notification) => {
    if (notification.source === 'marketplace' && (notification.type === 'order_update' || notification.type === 'delivery_update')) refresh();
  });

  const lastResyncRef = useRef(resyncCount);
  useEffect(() => {
    if (resyncCount === lastResyncRef.current) return;
    lastResyncRef.current = resyncCount;
    void queryClient.invalidateQueries({ queryKey: SELLER_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  }, [resyncCount, queryClient]);
}
