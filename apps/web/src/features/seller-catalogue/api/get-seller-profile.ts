import { useQuery } from '@tanstack/react-query';
import { ZSellerProfile, type TSellerProfile } from '@pulse/contract/seller-profile';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { reactToSessionOrOutage } from './seller-failure-filter';

export async function getSellerProfile(signal?: AbortSignal): Promise<TSellerProfile> {
  return apiRequest('/api/seller/profile', { schema: ZSellerProfile, signal, reactTo: reactToSessionOrOutage });
}

export function sellerProfileQueryKey(userId: string | null) {
  return ['seller-catalogue', 'profile', userId] as const;
}

/** The signed-in seller's shop; a 403 means they are not an approved seller (the page says so). */
export function useSellerProfile(userId: string | null) {
  return useQuery({
    queryKey: sellerProfileQueryKey(userId),
    queryFn: ({ signal }) => getSellerProfile(signal),
    enabled: userId !== null,
    retry: (failureCount, error) => !(isApiError(error) && error.status !== null && error.status < 500) && failureCount < 3,
  });
}
