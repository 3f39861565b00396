import { useQuery } from '@tanstack/react-query';
import type { TSellerProfile } from '@pulse/contract/seller-profile';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { reactToSessionOrOutage } from '../../../lib/catalogue/catalogue-failure-filter';
import { serverChecked } from '../../../lib/server-checked';

export async function getShop(sellerUserId: string, signal?: AbortSignal): Promise<TSellerProfile> {
  return apiRequest(`/api/shops/${encodeURIComponent(sellerUserId)}`, { schema: serverChecked<TSellerProfile>(), signal, reactTo: reactToSessionOrOutage });
}

export function shopQueryKey(sellerUserId: string) {
  return ['catalogue', 'shop', sellerUserId] as const;
}

/** A seller's public shop profile; 404 when the user is not an approved seller. */
export function useShop(sellerUserId: string) {
  return useQuery({
    queryKey: shopQueryKey(sellerUserId),
    queryFn: ({ signal }) => getShop(sellerUserId, signal),
    retry: (failureCount, error) => !(isApiError(error) && error.status !== null && error.status < 500) && failureCount < 3,
  });
}
