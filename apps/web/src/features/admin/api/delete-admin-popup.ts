import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-query-keys';

export async function deleteAdminPopup(id: string): Promise<void> {
  await apiRequest(`/api/admin/popups/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });
}

export function useDeletePopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminPopup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.popups() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
