import { useQuery } from '@tanstack/react-query';
import { ZListOpenTasksResponse, type TListOpenTasksResponse } from '@pulse/contract/delivery';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { deliveryKeys } from './delivery-query-keys';

export async function getOpenTasks(signal?: AbortSignal): Promise<TListOpenTasksResponse> {
  return apiRequest('/api/delivery/tasks/open?limit=50', { schema: ZListOpenTasksResponse, signal, reactTo: reactToSessionOrOutage });
}

/** Open tasks whose farm lies within the agent's working radius, nearest first. */
export function useOpenTasks(enabled: boolean) {
  return useQuery({ queryKey: deliveryKeys.open(), queryFn: ({ signal }) => getOpenTasks(signal), enabled, refetchOnWindowFocus: true });
}
