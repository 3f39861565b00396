import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TProductListResponse } from '@pulse/contract/products';
import { apiRequest } from '../api-client';
import { reactToSessionOrOutage } from './catalogue-failure-filter';
import { serverChecked } from '../server-checked';

/** Listing pages are fetched this many at a time; the grid fills 2-4 columns evenly with it. */
export const PRODUCT_PAGE_SIZE = 24;

export async function getProducts(query: Readonly<Record<string, string>>, cursor: string | null, signal?: AbortSignal): Promise<TProductListResponse> {
  const params = new URLSearchParams({ ...query, limit: String(PRODUCT_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/products?${params.toString()}`, { schema: serverChecked<TProductListResponse>(), signal, reactTo: reactToSessionOrOutage });
}

export function productListQueryKey(query: Readonly<Record<string, string>>) {
  return ['catalogue', 'products', query] as const;
}

/**
 * Active products matching `query`, a keyset page at a time. While a new search loads, the
 * previous results stay on screen instead of flashing back to skeletons.
 */
export function useProductList(query: Readonly<Record<string, string>>, enabled = true) {
  return useInfiniteQuery({
    queryKey: productListQueryKey(query),
    queryFn: ({ pageParam, signal }) => getProducts(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
}
