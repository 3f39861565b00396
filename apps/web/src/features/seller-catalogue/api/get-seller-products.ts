import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ZProductListResponse, type TProductListResponse } from '@pulse/contract/products';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from './seller-failure-filter';

export const SELLER_PRODUCTS_PAGE_SIZE = 24;

export async function getSellerProducts(query: Readonly<Record<string, string>>, cursor: string | null, signal?: AbortSignal): Promise<TProductListResponse> {
  const params = new URLSearchParams({ ...query, limit: String(SELLER_PRODUCTS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/seller/products?${params.toString()}`, { schema: ZProductListResponse, signal, reactTo: reactToSessionOrOutage });
}

/** Every list of the seller's own products starts with this key, so one invalidation refreshes them all. */
export const sellerProductsRootKey = ['seller-catalogue', 'products'] as const;

export function sellerProductsQueryKey(query: Readonly<Record<string, string>>) {
  return [...sellerProductsRootKey, query] as const;
}

/** The seller's own products in every status (or one), a keyset page at a time. */
export function useSellerProducts(query: Readonly<Record<string, string>>) {
  return useInfiniteQuery({
    queryKey: sellerProductsQueryKey(query),
    queryFn: ({ pageParam, signal }) => getSellerProducts(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
    retry: (failureCount, error) => !isClientError(error) && failureCount < 3,
  });
}

function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
