import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdminPopup, type TAdminPopup, type TCreatePopupRequest } from '@pulse/contract/popups';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { adminKeys } from './admin-query-keys';

export async function postAdminPopup(input: TCreatePopupRequest): Promise<TAdminPopup> {
  return apiRequest('/api/admin/popups', { method: 'POST', body: input, schema: ZAdminPopup, reactTo: reactToSessionOrOutage });
}

export function useCreatePopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAdminPopup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.popups() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
