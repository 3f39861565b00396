import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@pulse/contract/messages';
import type { TRefundListResponse } from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { useIdempotentAttempt } from '../../../lib/use-idempotent-attempt';
import { adminKeys } from './admin-query-keys';

export type RefundDecision = { action: 'approve_refund' } | { action: 'reject_refund'; reason: string };

/** The admin's word on a refund goes through the order's own state machine. */
export async function postRefundDecision(orderId: string, input: RefundDecision, idempotencyKey: string): Promise<void> {
  await apiRequest(`/api/orders/${encodeURIComponent(orderId)}/actions`, {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: z.unknown(),
    reactTo: reactToSessionOrOutage,
  });
}

export function useRefundDecision(orderId: string) {
  const queryClient = useQueryClient();
  const attempt = useIdempotentAttempt();
  return useMutation({
    mutationFn: (input: RefundDecision) => postRefundDecision(orderId, input, attempt.keyFor({ orderId, ...input })),
    onSuccess: (_answer, input) => {
      attempt.reset();
      // The card shows its new status at once and stays in place; the lists refetch when next opened.
      const status = input.action === 'approve_refund' ? 'refunded' : 'refund_rejected';
      queryClient.setQueriesData<InfiniteData<TRefundListResponse>>({ queryKey: adminKeys.refunds() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  item.id === orderId
                    ? { ...item, status, refund: { ...item.refund, decisionReason: input.action === 'reject_refund' ? input.reason : item.refund.decisionReason } }
                    : item,
                ),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.refunds(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
