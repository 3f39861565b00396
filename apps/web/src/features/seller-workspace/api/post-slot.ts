import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDeliverySlot, type TDeliverySlot, type TDeliverySlotInput } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { ownSlotsQueryKey } from './get-own-slots';

export async function postSlot(input: TDeliverySlotInput): Promise<TDeliverySlot> {
  return apiRequest('/api/seller/slots', { method: 'POST', body: input, schema: ZDeliverySlot, reactTo: reactToSessionOrOutage });
}

/** Publishes a pickup or delivery window buyers can book at checkout. */
export function useCreateSlot() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: postSlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownSlotsQueryKey(user?.id ?? null) }),
  });
}
