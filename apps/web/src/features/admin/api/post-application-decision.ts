import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdminApplicationDetail, type TAdminApplicationDetail } from '@pulse/contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { adminKeys } from './admin-query-keys';

export type ApplicationDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

export async function postApplicationDecision(id: string, input: ApplicationDecision): Promise<TAdminApplicationDetail> {
  const path = `/api/admin/applications/${encodeURIComponent(id)}/${input.decision}`;
  return apiRequest(path, {
    method: 'POST',
    body: input.decision === 'reject' ? { reason: input.reason } : undefined,
    schema: ZAdminApplicationDetail,
    reactTo: reactToSessionOrOutage,
  });
}

/** Approve or reject; the drawer shows the answer at once and the lists and audit log refetch. */
export function useApplicationDecision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicationDecision) => postApplicationDecision(id, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.application(id), detail);
      void queryClient.invalidateQueries({ queryKey: adminKeys.applications() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview() });
    },
  });
}
