import { useInfiniteQuery } from '@tanstack/react-query';
import { ZReviewListResponse, type TReviewListResponse } from '@pulse/contract/reviews';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/catalogue/catalogue-failure-filter';

const REVIEW_PAGE_SIZE = 5;

export async function getProductReviews(productId: string, cursor: string | null, signal?: AbortSignal): Promise<TReviewListResponse> {
  const params = new URLSearchParams({ limit: String(REVIEW_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/products/${encodeURIComponent(productId)}/reviews?${params.toString()}`, {
    schema: ZReviewListResponse,
    signal,
    reactTo: reactToSessionOrOutage,
  });
}

export function productReviewsQueryKey(productId: string) {
  return ['catalogue', 'product', productId, 'reviews'] as const;
}

/** Buyers' reviews of this product, newest first, with the average over all of them. */
export function useProductReviews(productId: string) {
  return useInfiniteQuery({
    queryKey: productReviewsQueryKey(productId),
    queryFn: ({ pageParam, signal }) => getProductReviews(productId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
