import { useQuery } from '@tanstack/react-query';
import { ZListMyTasksResponse, type TListMyTasksResponse } from '@pulse/contract/delivery';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { deliveryKeys } from './delivery-query-keys';

export async function getMyTasks(scope: 'active' | 'ended' | 'all', signal?: AbortSignal): Promise<TListMyTasksResponse> {
  return apiRequest(`/api/delivery/tasks/mine?scope=${scope}`, { schema: ZListMyTasksResponse, signal, reactTo: reactToSessionOrOutage });
}

/** The tasks the agent holds (active) or held (ended), newest first. */
export function useMyTasks(scope: 'active' | 'ended' | 'all', enabled: boolean) {
  return useQuery({ queryKey: deliveryKeys.mine(scope), queryFn: ({ signal }) => getMyTasks(scope, signal), enabled, refetchOnWindowFocus: true });
}
