import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TListOpenTasksResponse } from '@pulse/contract/delivery';
import { useRealtimeConnection } from '../../../lib/socket-context';
import { useSocketEvent } from '../../../lib/socket-event-hook';
import { deliveryKeys } from '../api/delivery-query-keys';
import { withOfferedTask } from '../utils/open-task-list';

/**
 * Keeps the agent's task lists live: an offered task joins the open list at once (nearest first),
 * a status change (claimed by someone, cancelled, a step of a held task) refetches the lists, and
 * so does a reconnect (offers sent while the socket was away were missed).
 */
export function useLiveTaskUpdates(): void {
  const queryClient = useQueryClient();
  const { resyncCount } = useRealtimeConnection();
  const lastResyncRef = useRef(resyncCount);

  useEffect(() => {
    if (resyncCount === lastResyncRef.current) return;
    lastResyncRef.current = resyncCount;
    void queryClient.invalidateQueries({ queryKey: deliveryKeys.all() });
  }, [resyncCount, queryClient]);

  useSocketEvent('deliveryTaskOffered', (task) => {
    queryClient.setQueryData<TListOpenTasksResponse>(deliveryKeys.open(), (current) => (current ? withOfferedTask(current, task) : current));
  });

  useSocketEvent('deliveryTaskUpdated', () => {
    void queryClient.invalidateQueries({ queryKey: deliveryKeys.all() });
  });
}
