import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOrderDetails, type TFinalWeightsInput, type TOrderDetails } from '@pulse/contract/orders';
import { apiRequest, reactToOutagesOnly } from '../../../lib/api-client';
import { orderQueryKey } from './get-order';
import { orderListsQueryKey } from './get-orders';

/** The farm's weighed quantities; the server re-prices the lines and returns the difference to the buyer. */
export async function postFinalWeights(orderId: string, input: TFinalWeightsInput): Promise<TOrderDetails> {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/final-weights`, { method: 'POST', body: input, schema: ZOrderDetails, reactTo: reactToOutagesOnly });
}

export function useRecordFinalWeights(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TFinalWeightsInput) => postFinalWeights(orderId, input),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(orderId), order);
      void queryClient.invalidateQueries({ queryKey: orderListsQueryKey() });
      void queryClient.invalidateQueries({ queryKey: ['seller'] });
    },
  });
}
