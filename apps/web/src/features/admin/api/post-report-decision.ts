import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdminReport, type TAdminReport, type TReportDecisionInput } from '@pulse/contract/hub';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { adminKeys } from './admin-query-keys';

/**
 * POST /api/admin/reports/{id}/decision: hide the item, dismiss, or hide and suspend the author.
 * Every open report on the same item is decided with it. Deciding twice is refused (409) with the
 * server's "already handled" message, so no key is needed for a retry.
 */
export async function postReportDecision(reportId: string, input: TReportDecisionInput): Promise<TAdminReport> {
  return apiRequest(`/api/admin/reports/${encodeURIComponent(reportId)}/decision`, {
    method: 'POST',
    body: input,
    schema: ZAdminReport,
    reactTo: reactToSessionOrOutage,
  });
}

export function useReportDecision(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TReportDecisionInput) => postReportDecision(reportId, input),
    // The queue is read again: the item's other reports left it too. The users list shows a
    // suspension; the overview counts open reports.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
    // Another admin was quicker (409): the card is out of date, so the queue is read again too.
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: adminKeys.reports() });
    },
  });
}
