import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../../lib/api-error';
import { describeReorderOutcome, buildReorderLines, type ReorderOutcome } from '../utils/reorder';
import { getOrder } from './get-order';
import { postBasketItem } from './post-basket-item';

/** Why the basket refused a line: the server's message (in the reader's language), or a general one. */
function describeRefusal(error: unknown, i18n: I18n): string {
  if (isApiError(error) && error.status !== null && error.status < 500) return error.message.replace(/\.$/, '').toLowerCase();
  return i18n._(msg`could not be added`);
}

/**
 * "Reorder": puts the products and quantities of a past order back in the basket, one line at a time
 * (the basket checks each against stock), reports what is no longer available, then opens the basket.
 */
export function useReorder() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const [pendingOrderId, setPendingOrderId] = useState<string | null>(null);

  const reorder = async (orderId: string) => {
    if (pendingOrderId !== null) return;
    setPendingOrderId(orderId);
    try {
      const order = await getOrder(orderId);
      const { lines, gone } = buildReorderLines(order.items);
      const outcome: ReorderOutcome = { added: [], unavailable: gone.map((title) => ({ title, reason: i18n._(msg`no longer sold`) })) };
      for (const line of lines) {
        try {
          await postBasketItem({ productId: line.productId, quantity: line.quantity });
          outcome.added.push(line.title);
        } catch (error) {
          outcome.unavailable.push({ title: line.title, reason: describeRefusal(error, i18n) });
        }
      }
      void queryClient.invalidateQueries({ queryKey: ['basket'] });
      const summary = describeReorderOutcome(outcome, i18n);
      notifications.show({
        title: summary.title,
        message: summary.message,
        color: summary.allFailed ? 'red' : outcome.unavailable.length > 0 ? 'yellow' : 'green',
        autoClose: outcome.unavailable.length > 0 ? 8000 : 4000,
        withCloseButton: true,
      });
      if (!summary.allFailed) void navigate('/basket');
    } catch {
      // Loading the order failed: the API client already showed why.
    } finally {
      setPendingOrderId(null);
    }
  };

  return { reorder, pendingOrderId };
}
