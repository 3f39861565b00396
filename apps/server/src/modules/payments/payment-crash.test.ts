import type { FastifyInstance } from 'fastify';
import { startPaystackDouble, type PaystackDouble } from '@pulse/paystack-double';
import { ZTopUpResponse } from '@pulse/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { TEST_ENV } from '../../testing/create-test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/create-test-database';
import { balances, createBuyer, ledgerTotal } from '../orders/testing/order-fixtures';
import { sweepPayments } from './reconciliation-service';
import { eventsFor, injectWebhook, PAYSTACK_TEST_KEY, paystackEnv, postTopUp, topUpRow } from './testing/paystack-test-app';

/**
 * Issue 24: a crash between Paystack's success and the ledger write loses nothing. Two app
 * processes on one database: the first stores the webhook and answers 200, then cannot finish (its
 * way to Paystack is cut, as a process killed before its verify); a new process's reconciliation
 * sweep credits the payment, once.
 */

let testDatabase: TestDatabase;
let double: PaystackDouble;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  double = await startPaystackDouble({ port: 0, secretKey: PAYSTACK_TEST_KEY });
}, 60_000);

afterAll(async () => {
  await testDatabase?.dispose();
  await double?.close();
  double?.assertNoViolations();
});

async function startProcess(baseUrl: string): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig({ ...TEST_ENV, ...paystackEnv(baseUrl) }), db: testDatabase.database, logger: false });
  await app.ready();
  return app;
}

describe('a crash after the webhook was answered', () => {
  it('a new process’s sweep credits the stored event once', async () => {
    const first = await startProcess(double.url);
    const buyer = await createBuyer(first);
    const created = await postTopUp(first, buyer, { amountMinor: 7_500 });
    const topUp = ZTopUpResponse.parse(created.json());
    const reference = topUp.reference ?? '';
    await first.close();
    await double.approve(reference);

    // The process that gets Paystack's webhook cannot reach Paystack any more (port 9: nothing listens).
    const cut = await startProcess('http://127.0.0.1:9');
    const answered = await injectWebhook(cut, 'charge.success', { id: double.transaction(reference)?.id, reference, amount: 7_500, currency: 'GHS', status: 'success' });
    expect(answered.statusCode).toBe(200);
    await cut.close();
    const [stored] = await eventsFor(cut, reference);
    expect(stored).toMatchObject({ event: 'charge.success', processedAt: null });
    expect((await balances(cut, buyer.id)).availableMinor).toBe(0);

    const restarted = await startProcess(double.url);
    try {
      const report = await sweepPayments(restarted, new Date(Date.now() + 3 * 60_000));
      expect(report.eventsProcessed).toBe(1);
      expect((await balances(restarted, buyer.id)).availableMinor).toBe(7_500);
      expect((await topUpRow(restarted, topUp.id))?.status).toBe('succeeded');
      await sweepPayments(restarted, new Date(Date.now() + 10 * 60_000));
      expect((await balances(restarted, buyer.id)).availableMinor).toBe(7_500);
      expect((await eventsFor(restarted, reference))[0]).toMatchObject({ outcome: 'applied' });
      expect(await ledgerTotal(restarted)).toBe(0);
    } finally {
      await restarted.close();
    }
  });

  it('a payment whose webhook never came is credited by the sweep from the verify alone', async () => {
    const app = await startProcess(double.url);
    try {
      const buyer = await createBuyer(app);
      const topUp = ZTopUpResponse.parse((await postTopUp(app, buyer, { amountMinor: 2_000 })).json());
      await double.approve(topUp.reference ?? '');
      expect((await balances(app, buyer.id)).availableMinor).toBe(0);
      const report = await sweepPayments(app, new Date(Date.now() + 2 * 60_000));
      expect(report.intentsDecided).toBe(1);
      expect((await balances(app, buyer.id)).availableMinor).toBe(2_000);
    } finally {
      await app.close();
    }
  });
});
