import { useQuery } from '@tanstack/react-query';
import { ZStandingDemandResponse, type TStandingDemandResponse } from '@pulse/contract/standing-orders';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { sellerQueryKey } from './seller-query-keys';

export async function getStandingDemand(signal?: AbortSignal): Promise<TStandingDemandResponse> {
  return apiRequest('/api/seller/standing-demand', { schema: ZStandingDemandResponse, signal, reactTo: reactToSessionExpiryOnly });
}

/** What the farm's weekly baskets will order in the next 7 days, per product (decision 064). */
export function useStandingDemand() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: [...sellerQueryKey(userId), 'standing-demand'],
    queryFn: ({ signal }) => getStandingDemand(signal),
    enabled: userId !== null,
    refetchOnWindowFocus: true,
  });
}
