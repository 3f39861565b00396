import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOrderDetails, type TFinalWeightsInput, type TOrderDetails } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { isOrderChanged, refreshAfterOrderChange } from './post-seller-order-action';

/** The farm's weighed quantities; the server re-prices the lines and returns the difference to the buyer. */
export async function postFinalWeights(orderId: string, input: TFinalWeightsInput): Promise<TOrderDetails> {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/final-weights`, {
    method: 'POST',
    body: input,
    schema: ZOrderDetails,
    reactTo: reactToSessionOrOutage,
  });
}

/** Weighing can be recorded once per item, so a double click must send one request. */
export function useRecordFinalWeights(orderId: string) {
  const queryClient = useQueryClient();
  const running = useRef(false);
  const mutation = useMutation({
    mutationFn: (input: TFinalWeightsInput) => postFinalWeights(orderId, input),
    onSuccess: (order) => {
      queryClient.setQueryData(['orders', 'detail', order.id], order);
      refreshAfterOrderChange(queryClient);
    },
    onError: (error) => {
      if (isOrderChanged(error)) refreshAfterOrderChange(queryClient);
    },
  });
  const { mutateAsync } = mutation;
  const record = useCallback(
    async (input: TFinalWeightsInput): Promise<TOrderDetails | null> => {
      if (running.current) return null;
      running.current = true;
      try {
        return await mutateAsync(input);
      } finally {
        running.current = false;
      }
    },
    [mutateAsync],
  );
  return { record, isPending: mutation.isPending };
}
