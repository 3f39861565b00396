import { useQuery } from '@tanstack/react-query';
import { ZSlotListResponse, type TSlotListResponse } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { sellerQueryKey } from './seller-query-keys';

export async function getOwnSlots(userId: string, signal?: AbortSignal): Promise<TSlotListResponse> {
  return apiRequest(`/api/sellers/${encodeURIComponent(userId)}/slots`, { schema: ZSlotListResponse, signal, reactTo: reactToSessionOrOutage });
}

export function ownSlotsQueryKey(userId: string | null) {
  return [...sellerQueryKey(userId), 'slots'] as const;
}

/** The seller's open slots (future, before cut-off, with room): what buyers can choose at checkout. */
export function useOwnSlots(enabled: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: ownSlotsQueryKey(userId),
    queryFn: ({ signal }) => getOwnSlots(userId ?? '', signal),
    enabled: enabled && userId !== null,
  });
}
