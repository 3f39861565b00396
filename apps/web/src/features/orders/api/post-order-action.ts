import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@pulse/contract/messages';
import { ZOrderDetails, type TOrderActionInput, type TOrderDetails } from '@pulse/contract/orders';
import { apiRequest, reactToAllFailures, type FailureFilter } from '../../../lib/api-client';
import { useIdempotentAttempt } from '../../../lib/use-idempotent-attempt';
import { orderListsQueryKey } from './get-orders';
import { orderQueryKey } from './get-order';

/**
 * Asks the server to move the order on (pay, cancel, confirm receipt, request a refund). The server
 * decides whether the step is allowed; its answer may be the updated order, which then shows at once.
 */
export async function postOrderAction(
  orderId: string,
  input: TOrderActionInput,
  idempotencyKey: string,
  reactTo: FailureFilter = reactToAllFailures,
): Promise<TOrderDetails | null> {
  const response = await apiRequest(`/api/orders/${encodeURIComponent(orderId)}/actions`, {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: z.unknown(),
    reactTo,
  });
  const parsed = ZOrderDetails.safeParse(response);
  return parsed.success ? parsed.data : null;
}

/** One mutation per action button; a retried attempt (double click, lost answer) reuses its key. */
export function useOrderAction(orderId: string, reactTo?: FailureFilter) {
  const queryClient = useQueryClient();
  const attempt = useIdempotentAttempt();
  return useMutation({
    mutationFn: (input: TOrderActionInput) => postOrderAction(orderId, input, attempt.keyFor({ orderId, ...input }), reactTo),
    onSuccess: (order) => {
      attempt.reset();
      if (order) queryClient.setQueryData(orderQueryKey(orderId), order);
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
      void queryClient.invalidateQueries({ queryKey: orderListsQueryKey() });
      // Paying, cancelling and refunds move wallet money.
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
