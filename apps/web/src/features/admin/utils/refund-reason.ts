import { z } from 'zod';
import { ZOrderActionInput } from '@pulse/contract/orders';

/** The server's own answer to a refusal without a reason (orders-service REASON_REQUIRED_MESSAGE). */
export const REFUND_REASON_REQUIRED_MESSAGE = 'Tell us the reason.';

/** The `reason` of an order action (contract limits), required for a refusal as the server requires it. */
export const ZRefuseRefundInput = z.object({
  reason: ZOrderActionInput.shape.reason.unwrap().pipe(z.string().min(1, { message: REFUND_REASON_REQUIRED_MESSAGE })),
});
