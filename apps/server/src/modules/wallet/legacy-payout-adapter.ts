import type { PaymentProvider } from '../payments/payment-provider-types';

/**
 * TEMPORARY (issue 24): payouts-service's synchronous "payout" on top of the asynchronous provider's
 * transfer, until payouts move to transfers with recipients (helper `payouts`), which deletes this file.
 */
export interface PaymentResult {
  status: 'succeeded' | 'failed';
  reference: string;
  failureReason: string | null;
}

export async function payoutThroughTransfer(
  provider: PaymentProvider,
  request: { amountMinor: number; currency: string; destination: string; idempotencyKey: string },
): Promise<PaymentResult> {
  const result = await provider.startTransfer({
    reference: request.idempotencyKey.toLowerCase().replace(/[^a-z0-9_-]/g, '-'),
    amountMinor: request.amountMinor,
    currency: request.currency,
    recipientCode: request.destination,
    reason: 'Payout',
  });
  const succeeded = result.status === 'succeeded' || result.status === 'pending';
  return { status: succeeded ? 'succeeded' : 'failed', reference: result.transferCode ?? '', failureReason: succeeded ? null : result.failureReason };
}
