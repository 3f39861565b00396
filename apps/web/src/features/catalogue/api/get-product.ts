import { useQuery } from '@tanstack/react-query';
import type { TProductDetails } from '@pulse/contract/products';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/catalogue/catalogue-failure-filter';
import { serverChecked } from '../../../lib/server-checked';

export async function getProduct(productId: string, signal?: AbortSignal): Promise<TProductDetails> {
  return apiRequest(`/api/products/${encodeURIComponent(productId)}`, { schema: serverChecked<TProductDetails>(), signal, reactTo: reactToSessionOrOutage });
}

export function productQueryKey(productId: string) {
  return ['catalogue', 'product', productId] as const;
}

/** One product with its images, origin and seller; a 404 is the page's "no longer available" state. */
export function useProduct(productId: string | null) {
  return useQuery({
    queryKey: productQueryKey(productId ?? ''),
    queryFn: ({ signal }) => getProduct(productId ?? '', signal),
    enabled: productId !== null && productId !== '',
  });
}
