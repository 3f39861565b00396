import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminMail, ZAdminMailResponse, type TAdminMail, type TAdminMailResponse } from '@pulse/contract/mail';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { adminKeys } from './admin-query-keys';

export type AdminMailStatus = 'failed' | 'queued';

export async function getAdminMail(status: AdminMailStatus, signal?: AbortSignal): Promise<TAdminMailResponse> {
  return apiRequest(`/api/admin/mail?status=${status}`, { schema: ZAdminMailResponse, signal });
}

/** The outbox's failed or waiting mails, newest first. */
export function useAdminMail(status: AdminMailStatus) {
  return useQuery({ queryKey: [...adminKeys.mail(), status], queryFn: ({ signal }) => getAdminMail(status, signal) });
}

/** POST /api/admin/mail/{id}/retry: back to the queue with its tries counted afresh; a second click finds it queued (200). */
export async function postMailRetry(id: string): Promise<TAdminMail> {
  return apiRequest(`/api/admin/mail/${encodeURIComponent(id)}/retry`, { method: 'POST', schema: ZAdminMail, reactTo: reactToSessionOrOutage });
}

export function useMailRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMailRetry,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.mail() }),
  });
}
