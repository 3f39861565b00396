import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@pulse/contract/messages';
import { ZOrderDetails, type TOrderActionInput, type TOrderDetails } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { useIdempotentAttempt } from '../../../lib/use-idempotent-attempt';
import { SELLER_QUERY_ROOT } from './seller-query-keys';

export interface SellerOrderActionRequest {
  orderId: string;
  input: TOrderActionInput;
}

/** The farm moves an order on (accept, mark ready, hand over, answer a refund). */
export async function postSellerOrderAction({ orderId, input }: SellerOrderActionRequest, idempotencyKey: string): Promise<TOrderDetails> {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/actions`, {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: ZOrderDetails,
    reactTo: reactToSessionOrOutage,
  });
}

/** After a step (or a 409 saying the order moved on): the queues, refund lists, order pages and wallets are stale. */
export function refreshAfterOrderChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: SELLER_QUERY_ROOT });
  void queryClient.invalidateQueries({ queryKey: ['orders'] });
  void queryClient.invalidateQueries({ queryKey: ['wallet'] });
}

/** 409: someone (the buyer, a timer, another tab) moved the order first. */
export function isOrderChanged(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/** Steps an order takes once: after one succeeded, the same step on it is not sent again from here. */
const ONCE_PER_ORDER: ReadonlySet<TOrderActionInput['action']> = new Set(['accept', 'mark_ready', 'hand_over']);

/**
 * One request per intent: a second call for the same order while one is in flight is dropped
 * (a double click), and a retry after a lost answer reuses the attempt's Idempotency-Key. A step
 * taken once (accept, mark ready, hand over) is dropped when asked again while the screen still
 * shows its button: the second click of a double click can come after the first one's answer,
 * before the list has refreshed, and would only earn a "the order changed" error.
 */
export function useSellerOrderAction() {
  const queryClient = useQueryClient();
  const attempt = useIdempotentAttempt();
  const inFlight = useRef(new Set<string>());
  const taken = useRef(new Set<string>());
  const mutation = useMutation({
    mutationFn: (request: SellerOrderActionRequest) => postSellerOrderAction(request, attempt.keyFor(request)),
    onSuccess: (order) => {
      attempt.reset();
      queryClient.setQueryData(['orders', 'detail', order.id], order);
      refreshAfterOrderChange(queryClient);
    },
    onError: (error) => {
      if (isOrderChanged(error)) {
        attempt.reset();
        refreshAfterOrderChange(queryClient);
      }
    },
  });

  const { mutateAsync } = mutation;
  const run = useCallback(
    async (request: SellerOrderActionRequest): Promise<TOrderDetails | null> => {
      const step = `${request.orderId}:${request.input.action}`;
      if (inFlight.current.has(request.orderId) || taken.current.has(step)) return null;
      inFlight.current.add(request.orderId);
      try {
        const order = await mutateAsync(request);
        if (ONCE_PER_ORDER.has(request.input.action)) taken.current.add(step);
        return order;
      } finally {
        inFlight.current.delete(request.orderId);
      }
    },
    [mutateAsync],
  );

  return { run, isPending: mutation.isPending, pendingRequest: mutation.isPending ? mutation.variables : undefined };
}
