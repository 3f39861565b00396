import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZReview, type TReview, type TReviewInput } from '@pulse/contract/reviews';
import { apiRequest, reactToOutagesOnly } from '../../../lib/api-client';
import { orderQueryKey } from './get-order';
import { orderReviewQueryKey } from './get-order-review';

/** The buyer's one review of a completed order; the form shows 4xx messages itself. */
export async function postOrderReview(orderId: string, input: TReviewInput): Promise<TReview> {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/review`, { method: 'POST', body: input, schema: ZReview, reactTo: reactToOutagesOnly });
}

export function usePostOrderReview(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TReviewInput) => postOrderReview(orderId, input),
    onSuccess: (review) => {
      queryClient.setQueryData(orderReviewQueryKey(orderId), review);
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    },
  });
}
