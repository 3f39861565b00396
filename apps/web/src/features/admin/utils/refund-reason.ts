import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { ZOrderActionInput } from '@pulse/contract/orders';

/** The server's own answer to a refusal without a reason (orders-service REASON_REQUIRED_MESSAGE), in the reader's language when checked. */
export const REFUND_REASON_REQUIRED_MESSAGE = msg`Tell us the reason.`;

/** The `reason` of an order action (contract limits), required for a refusal as the server requires it. */
export const ZRefuseRefundInput = z.object({
  reason: ZOrderActionInput.shape.reason.unwrap().pipe(z.string().min(1, { error: () => i18n._(REFUND_REASON_REQUIRED_MESSAGE) })),
});
