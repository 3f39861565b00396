import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSystemJobRetried, ZSystemStatus, type TSystemJobRetried, type TSystemStatus } from '@pulse/contract/system';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { adminKeys } from './admin-query-keys';

/** How often the open System section asks again: queues move every few seconds. */
const SYSTEM_REFRESH_MS = 10_000;

export async function getAdminSystem(signal?: AbortSignal): Promise<TSystemStatus> {
  return apiRequest('/api/admin/system', { schema: ZSystemStatus, signal });
}

/** The job system's queues and its last failed jobs, refreshed while the section is open. */
export function useAdminSystem() {
  return useQuery({ queryKey: adminKeys.system(), queryFn: ({ signal }) => getAdminSystem(signal), refetchInterval: SYSTEM_REFRESH_MS });
}

/** POST /api/admin/system/jobs/{jobId}/retry: the failed job waits in its queue again (404 once it is no longer failed). */
export async function postJobRetry(jobId: string): Promise<TSystemJobRetried> {
  return apiRequest(`/api/admin/system/jobs/${encodeURIComponent(jobId)}/retry`, { method: 'POST', schema: ZSystemJobRetried, reactTo: reactToSessionOrOutage });
}

export function useJobRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postJobRetry,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.system() }),
  });
}
