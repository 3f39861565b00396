import type { FastifyInstance } from 'fastify';
import { listUndecidedIntents, listUnprocessedEvents } from './intents-repository';
import { decideIntent } from './intents-service';
import { processProviderEvent } from './payment-events-service';
import { sweepPendingTransfers } from './transfer-events';

/*
 * How long before the sweep takes a thing as left behind is configuration (config.paymentSweep):
 * an event the webhook route stored is normally acted on within a second, so after
 * PAYMENT_SWEEP_EVENTS_AFTER_SECONDS (2 minutes) the sweep takes it (a crash, a failed verify); a
 * payment still undecided after PAYMENT_SWEEP_AFTER_SECONDS (1 minute) is verified (a webhook lost,
 * a person who never came back).
 */
/** A payment the provider still calls pending (or does not know) this long after it started is abandoned. */
export const INTENT_ABANDON_AFTER_MS = 30 * 60_000;
/** Rows per kind per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 50;

export interface PaymentSweepReport {
  eventsProcessed: number;
  intentsDecided: number;
  transfersDecided: number;
}

/**
 * Reconciliation (issue 24): acts on stored events nobody acted on, verifies payments still
 * undecided and (payouts' sweepPendingTransfers) transfers still pending, so a lost webhook or a crash between Paystack's success and the ledger write costs a
 * delay, never money. Safe in several processes at once (each decision locks its intent; each
 * credit has its ledger key). Tests call it directly with their own `now`.
 */
export async function sweepPayments(app: FastifyInstance, now: Date = new Date()): Promise<PaymentSweepReport> {
  const report: PaymentSweepReport = { eventsProcessed: 0, intentsDecided: 0, transfersDecided: 0 };
  const at = now.getTime();
  const { eventRetryAfterMs, verifyAfterMs } = app.config.paymentSweep;

  for (const event of await listUnprocessedEvents(app.db, new Date(at - eventRetryAfterMs), SWEEP_BATCH)) {
    if ((await processProviderEvent(app, event.id, now)) !== null) report.eventsProcessed += 1;
  }

  for (const intent of await listUndecidedIntents(app.db, new Date(at - verifyAfterMs), SWEEP_BATCH)) {
    try {
      const decision = await decideIntent(app, intent.reference, 'sweep', { now, abandonPendingBefore: new Date(at - INTENT_ABANDON_AFTER_MS) });
      if (decision.outcome !== 'pending' && decision.outcome !== 'duplicate') report.intentsDecided += 1;
    } catch (error) {
      app.log.warn({ err: error, reference: intent.reference }, 'payment verify failed during reconciliation; next sweep tries again');
    }
  }

  try {
    report.transfersDecided = await sweepPendingTransfers(app, now);
  } catch (error) {
    app.log.warn({ err: error }, 'pending transfers not swept; next sweep tries again');
  }
  return report;
}
