import { useQuery } from '@tanstack/react-query';
import { ZProductDetails, type TProductDetails } from '@pulse/contract/products';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { reactToSessionOrOutage } from './seller-failure-filter';

export async function getSellerProduct(productId: string, signal?: AbortSignal): Promise<TProductDetails> {
  return apiRequest(`/api/products/${encodeURIComponent(productId)}`, { schema: ZProductDetails, signal, reactTo: reactToSessionOrOutage });
}

export function sellerProductQueryKey(productId: string) {
  return ['seller-catalogue', 'product', productId] as const;
}

/** One of the seller's products in any status (the server shows drafts and paused ones only to their seller). */
export function useSellerProduct(productId: string | null) {
  return useQuery({
    queryKey: sellerProductQueryKey(productId ?? ''),
    queryFn: ({ signal }) => getSellerProduct(productId ?? '', signal),
    enabled: productId !== null && productId !== '',
    retry: (failureCount, error) => !(isApiError(error) && error.status !== null && error.status < 500) && failureCount < 3,
  });
}
