import type { FastifyInstance } from 'fastify';
import { findPayoutById, listPendingPayoutsBefore } from '../wallet/payouts-repository';
import { decidePayout, payoutIdFromReference, resendPayoutTransfer } from '../wallet/payouts-service';

export type TransferEventOutcome = 'applied' | 'duplicate' | 'unknown_reference' | 'ignored';

/** The provider's transfer events this module acts on (Paystack's names). */
const TRANSFER_EVENTS = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);

/** How long a payout may stay pending before the sweep asks the provider itself (lost webhooks). */
export const PENDING_TRANSFER_AGE_MS = 2 * 60_000;
const SWEEP_BATCH = 100;

/**
 * Acts on a stored transfer webhook (the webhook route stores it first). The event only says which
 * payout to look at: its status comes from the provider's verify of our reference, never from the
 * webhook's own figures; then decidePayout moves the money once (settle, or return the hold).
 * 'duplicate': the payout was decided already (a replay, a second webhook, the sweep came first);
 * 'ignored': not a transfer event, or the provider still calls it pending. A verify that cannot be
 * made throws: the event stays unprocessed for the webhook's own retry.
 */
export async function handleTransferEvent(
  app: FastifyInstance,
  event: { event: string; reference: string | null; payload: unknown },
): Promise<TransferEventOutcome> {
  if (!TRANSFER_EVENTS.has(event.event)) return 'ignored';
  const payoutId = event.reference === null ? null : payoutIdFromReference(event.reference);
  const payout = payoutId === null ? null : await findPayoutById(app.db, payoutId);
  const reference = payout?.providerReference ?? null;
  if (!payout || reference === null || reference !== event.reference) return 'unknown_reference';
  // Only a reversal can change a sent payout; a failed, returned or reversed one is final.
  const open = payout.status === 'pending' || (payout.status === 'succeeded' && event.event === 'transfer.reversed');
  if (!open) return 'duplicate';

  const verified = await app.paymentProvider.verifyTransfer(reference);
  const decision = await decidePayout(app, payout.id, verified, { notifyOwner: true });
  if (decision.applied) return 'applied';
  return decision.row.status === 'pending' ? 'ignored' : 'duplicate';
}

/**
 * Verifies every payout pending for more than two minutes and decides it as a webhook would
 * (webhooks get lost). A transfer the provider has never heard of (the request was lost, or the
 * process died between the hold and the request) is asked for again under the same reference, so it
 * is still one transfer. A provider that cannot be reached leaves the payout for the next sweep.
 * Answers how many payouts were decided.
 */
export async function sweepPendingTransfers(app: FastifyInstance, now: Date): Promise<number> {
  const pending = await listPendingPayoutsBefore(app.db, new Date(now.getTime() - PENDING_TRANSFER_AGE_MS), SWEEP_BATCH);
  let decided = 0;
  for (const payout of pending) {
    try {
      const reference = payout.providerReference;
      const verified = reference === null ? null : await app.paymentProvider.verifyTransfer(reference);
      const decision =
        verified === null || verified.status === 'unknown'
          ? await resendPayoutTransfer(app, payout)
          : await decidePayout(app, payout.id, verified, { notifyOwner: true, now });
      if (decision.applied) decided += 1;
    } catch (error) {
      app.log.warn({ err: error, payoutId: payout.id }, 'pending payout not verified; the next sweep tries again');
    }
  }
  return decided;
}
