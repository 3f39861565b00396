import { useQuery } from '@tanstack/react-query';
import { ZBasketResponse, type TBasketResponse } from '@pulse/contract/baskets';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

/** Under ['basket'] like the badge's count, so one invalidation refreshes both. */
export function basketQueryKey(userId: string | null) {
  return ['basket', 'lines', userId] as const;
}

export async function getBasket(signal?: AbortSignal): Promise<TBasketResponse> {
  return apiRequest('/api/baskets', { schema: ZBasketResponse, signal, reactTo: reactToSessionOrOutage });
}

/** The basket grouped by farm, with prices and stock as they are now. */
export function useBasket() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: basketQueryKey(userId),
    queryFn: ({ signal }) => getBasket(signal),
    enabled: userId !== null,
  });
}
