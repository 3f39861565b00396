import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { isApiError } from '../../../lib/api-error';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { ownSlotsQueryKey } from './get-own-slots';

export async function deleteSlot(slotId: string): Promise<void> {
  await apiRequest(`/api/seller/slots/${encodeURIComponent(slotId)}`, { method: 'DELETE', schema: z.unknown(), reactTo: reactToSessionOrOutage });
}

/** Removes a slot; one already gone (404) counts as removed. */
export function useDeleteSlot() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (slotId: string) => {
      try {
        await deleteSlot(slotId);
      } catch (error) {
        if (!(isApiError(error) && error.status === 404)) throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownSlotsQueryKey(user?.id ?? null) }),
  });
}
