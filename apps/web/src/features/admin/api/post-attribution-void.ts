import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ZVoidAttributionResponse, type TAdminAttributionsResponse, type TVoidAttributionResponse } from '@pulse/contract/referrals';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { replaceAttribution } from '../utils/referral-display';
import { adminKeys } from './admin-query-keys';

/**
 * POST /api/admin/referrals/attributions/{id}/void: the agent stops earning on this person, pending
 * earnings are reversed. Voiding twice is refused (409, "already void"), so no key is needed for a retry.
 */
export async function postAttributionVoid(attributionId: string, reason: string): Promise<TVoidAttributionResponse> {
  return apiRequest(`/api/admin/referrals/attributions/${encodeURIComponent(attributionId)}/void`, {
    method: 'POST',
    body: { reason },
    schema: ZVoidAttributionResponse,
    reactTo: reactToSessionOrOutage,
  });
}

export function useAttributionVoid(attributionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => postAttributionVoid(attributionId, reason),
    onSuccess: ({ attribution }) => {
      // The row stays where it is and shows "Void" with the reason, even under the "Earning" filter;
      // the other filters are read again when next shown. The agent's figures and the log change.
      queryClient.setQueriesData<InfiniteData<TAdminAttributionsResponse>>({ queryKey: adminKeys.referralAttributions() }, (data) =>
        data ? { ...data, pages: replaceAttribution(data.pages, attribution) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.referralAttributions(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.referralAgents() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
    // Another admin was quicker (409): the list is out of date, so it and the figures are read again.
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: adminKeys.referralAttributions() });
        void queryClient.invalidateQueries({ queryKey: adminKeys.referralAgents() });
      }
    },
  });
}
