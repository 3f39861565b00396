import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZTopUpResponse, type TTopUpStatus } from '@pulse/contract/wallet';
import { balances, createBuyer, ledgerTotal, type TestUser } from '../orders/testing/order-fixtures';
import { INTENT_ABANDON_AFTER_MS, sweepPayments } from './reconciliation-service';
import { getTopUp, injectWebhook, postTopUp, startPaystackSuite, topUpRow, type PaystackSuite } from './testing/paystack-test-app';

/**
 * Issue 24, item 5: whatever order the signals of one payment arrive in (Paystack's webhook, the
 * same webhook again, the person coming back from the page, the reconciliation sweep), and some of
 * them at the same moment, the wallet is credited exactly once with the verified amount for a
 * payment that succeeded, never for one that failed or was abandoned, and the ledger sums to zero.
 */

type Outcome = 'succeeded' | 'failed' | 'abandoned';
type Signal = 'webhook' | 'duplicate' | 'return' | 'sweep';

let suite: PaystackSuite;
/** One payer for every run: each run reads how much its own payment moved the wallet. */
let buyer: TestUser;

beforeAll(async () => {
  suite = await startPaystackSuite();
  buyer = await createBuyer(suite.testApp.app);
  // The test sends the webhooks itself, in the order it chose; the double sends none.
  suite.double.setWebhooks({ drop: true });
}, 60_000);

afterAll(async () => {
  await suite?.close();
  suite?.double.assertNoViolations();
});

const app = () => suite.testApp.app;

/** The charge.success body Paystack would send for this reference (for a payment that did not succeed: a signed claim the verify refutes). */
function chargeEvent(reference: string, amountMinor: number): Record<string, unknown> {
  const transaction = suite.double.transaction(reference);
  return { id: transaction?.id ?? 1, reference, amount: amountMinor, currency: 'GHS', status: 'success', channel: 'card', gateway_response: 'Approved' };
}

async function send(signal: Signal, buyer: TestUser, topUpId: string, reference: string, amountMinor: number): Promise<void> {
  switch (signal) {
    case 'webhook':
    case 'duplicate': {
      const response = await injectWebhook(app(), 'charge.success', chargeEvent(reference, amountMinor));
      expect(response.statusCode).toBe(200);
      return;
    }
    case 'return':
      await getTopUp(app(), buyer, topUpId);
      return;
    case 'sweep':
      // Late enough to verify the intent and act on stored events, too early to abandon anything.
      await sweepPayments(app(), new Date(Date.now() + 3 * 60_000));
      return;
  }
}

const EXPECTED_STATUS: Record<Outcome, TTopUpStatus> = { succeeded: 'succeeded', failed: 'failed', abandoned: 'abandoned' };

describe('one payment, its signals in any order', () => {
  it('credits exactly the verified amount once for a success, nothing otherwise; the ledger sums to zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Outcome>('succeeded', 'failed', 'abandoned'),
        fc.integer({ min: 100, max: 1_000_000 }),
        // Batches run one after the other; the signals of a batch arrive at the same moment.
        fc.array(fc.array(fc.constantFrom<Signal>('webhook', 'duplicate', 'return', 'sweep'), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        async (outcome, amountMinor, batches) => {
          const before = (await balances(app(), buyer.id)).availableMinor;
          const created = await postTopUp(app(), buyer, { amountMinor });
          expect(created.statusCode).toBe(201);
          const topUp = ZTopUpResponse.parse(created.json());
          const reference = topUp.reference ?? '';

          if (outcome === 'succeeded') await suite.double.approve(reference);
          else if (outcome === 'failed') await suite.double.decline(reference);
          else await suite.double.abandon(reference);

          for (const batch of batches) await Promise.all(batch.map((signal) => send(signal, buyer, topUp.id, reference, amountMinor)));
          await app().paymentEventQueue.settled();
          // Whatever was left undecided, the sweep decides once time has passed (twice: the second finds nothing more to do).
          const later = new Date(Date.now() + INTENT_ABANDON_AFTER_MS + 60_000);
          await sweepPayments(app(), later);
          await sweepPayments(app(), later);

          const credited = (await balances(app(), buyer.id)).availableMinor - before;
          expect(credited).toBe(outcome === 'succeeded' ? amountMinor : 0);
          expect((await topUpRow(app(), topUp.id))?.status).toBe(EXPECTED_STATUS[outcome]);
          expect(await ledgerTotal(app())).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
