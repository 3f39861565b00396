import fc from 'fast-check';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orderItems, orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { standingOrderCycles, standingOrderLines } from '../../db/schema/standing-orders';
import { DomainError } from '../../errors/domain-errors';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createBuyer, createProduct, createSeller, fundWallet, ledgerTotal, nextKey } from '../orders/testing/order-fixtures';
import { getWalletBalances, postLedgerTransaction } from '../wallet/ledger-service';
import { confirmHeldCycle, sweepStandingOrders } from './standing-cycle-engine';
import { createStandingOrder, createWeeklySlot, cycleTimes, HOUR_MS } from './testing/standing-fixtures';

/**
 * The cycle engine over random weeks (issue 28, decision 064): clock steps, stock and price changes,
 * wallet top-ups and spends, skips and price confirmations, through the engine's own functions. After
 * every step: at most one order per standing order and cycle (and one checkout per cycle key), never
 * more reserved than the stock, no order item priced above what the buyer accepted plus their limit,
 * the wallet never negative, the ledger summing to zero.
 */
let testApp: TestApp;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
});
afterAll(async () => {
  await testApp.close();
});

const LIMIT_PERCENT = 10;
const WEEKS = 3;

type Step =
  | { kind: 'tick'; hours: number }
  | { kind: 'stock'; product: number; quantity: number }
  | { kind: 'price'; product: number; priceMinor: number }
  | { kind: 'topUp'; amountMinor: number }
  | { kind: 'spend'; amountMinor: number }
  | { kind: 'skip'; week: number }
  | { kind: 'confirm' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), hours: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('stock' as const), product: fc.integer({ min: 0, max: 1 }), quantity: fc.integer({ min: 0, max: 12 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('price' as const), product: fc.integer({ min: 0, max: 1 }), priceMinor: fc.integer({ min: 300, max: 700 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('topUp' as const), amountMinor: fc.integer({ min: 500, max: 5000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('spend' as const), amountMinor: fc.integer({ min: 500, max: 5000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('skip' as const), week: fc.integer({ min: 0, max: WEEKS - 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('confirm' as const) }) },
);

async function world(fundsMinor: number) {
  const seller = await createSeller(app(), 'Property Basket Farm');
  const buyer = await createBuyer(app());
  // An empty wallet is a case too (a top-up of nothing is no ledger transaction).
  if (fundsMinor > 0) await fundWallet(app(), buyer.id, fundsMinor);
  const productIds = [
    await createProduct(app(), seller.id, { title: 'Okra', priceMinor: 500, stockQuantity: 8 }),
    await createProduct(app(), seller.id, { title: 'Plantain', priceMinor: 400, stockQuantity: 8 }),
  ];
  for (let week = 0; week < WEEKS; week += 1) await createWeeklySlot(app(), seller.id, week);
  const standingOrderId = await createStandingOrder(app(), {
    buyerUserId: buyer.id,
    sellerUserId: seller.id,
    priceIncreaseLimitPercent: LIMIT_PERCENT,
    lines: [
      { productId: productIds[0] as string, quantity: 2, acceptedUnitPriceMinor: 500 },
      { productId: productIds[1] as string, quantity: 3, acceptedUnitPriceMinor: 400 },
    ],
  });
  return { buyer, productIds, standingOrderId };
}

async function apply(step: Step, state: { now: Date; buyerUserId: string; productIds: string[]; standingOrderId: string }): Promise<void> {
  const db = app().db;
  switch (step.kind) {
    case 'tick':
      state.now = new Date(state.now.getTime() + step.hours * HOUR_MS);
      await sweepStandingOrders(app(), state.now, { standingOrderIds: [state.standingOrderId] });
      return;
    case 'stock':
      // The farm counts its stock again: never below what orders hold.
      await db
        .update(products)
        .set({ stockQuantity: sql`greatest(${products.reservedQuantity}, ${step.quantity})` })
        .where(eq(products.id, state.productIds[step.product] as string));
      return;
    case 'price':
      await db.update(products).set({ priceMinor: step.priceMinor }).where(eq(products.id, state.productIds[step.product] as string));
      return;
    case 'topUp':
      await fundWallet(app(), state.buyerUserId, step.amountMinor);
      return;
    case 'spend':
      // The buyer spends elsewhere; refused (as any payment) when the wallet has not that much.
      try {
        await postLedgerTransaction(db, {
          kind: 'payout',
          idempotencyKey: nextKey('property-spend'),
          currency: app().config.currency,
          postings: [
            { account: { ownerUserId: state.buyerUserId, kind: 'user_available' }, amountMinor: -step.amountMinor },
            { account: { ownerUserId: null, kind: 'provider_clearing' }, amountMinor: step.amountMinor },
          ],
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
      return;
    case 'skip': {
      // As the buyer's skip does: the row is inserted or turned to skipped unless it was decided.
      const cycleDate = cycleTimes(step.week).cycleDate;
      await db.insert(standingOrderCycles).values({ standingOrderId: state.standingOrderId, cycleDate, status: 'skipped' }).onConflictDoNothing();
      await db
        .update(standingOrderCycles)
        .set({ status: 'skipped' })
        .where(and(eq(standingOrderCycles.standingOrderId, state.standingOrderId), eq(standingOrderCycles.cycleDate, cycleDate), inArray(standingOrderCycles.status, ['upcoming', 'held_price', 'held_funds'])));
      return;
    }
    case 'confirm': {
      const held = await db
        .select({ id: standingOrderCycles.id })
        .from(standingOrderCycles)
        .where(and(eq(standingOrderCycles.standingOrderId, state.standingOrderId), eq(standingOrderCycles.status, 'held_price')));
      for (const cycle of held) {
        try {
          await confirmHeldCycle(app(), state.buyerUserId, state.standingOrderId, cycle.id, state.now);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
        }
      }
      return;
    }
  }
}

async function checkInvariants(state: { buyerUserId: string; productIds: string[]; standingOrderId: string }, checkedOrders: Set<string>): Promise<void> {
  const db = app().db;
  const buyerOrders = await db.select({ id: orders.id }).from(orders).where(eq(orders.buyerUserId, state.buyerUserId));
  const cycles = await db.select().from(standingOrderCycles).where(eq(standingOrderCycles.standingOrderId, state.standingOrderId));
  const ordered = cycles.filter((cycle) => cycle.orderId !== null);
  // One order per cycle at most, and every order is a cycle's.
  expect(new Set(ordered.map((cycle) => cycle.cycleDate)).size).toBe(ordered.length);
  expect(buyerOrders.map((order) => order.id).sort()).toEqual(ordered.map((cycle) => cycle.orderId).sort());
  expect(ordered.every((cycle) => cycle.status === 'placed' || cycle.status === 'partly_placed')).toBe(true);
  const cycleCheckouts = await db.select({ key: checkouts.idempotencyKey }).from(checkouts).where(eq(checkouts.buyerUserId, state.buyerUserId));
  expect(cycleCheckouts).toHaveLength(ordered.length);

  const stock = await db.select({ stock: products.stockQuantity, reserved: products.reservedQuantity }).from(products).where(inArray(products.id, state.productIds));
  for (const row of stock) expect(row.reserved).toBeLessThanOrEqual(row.stock);

  // A new order's items are priced at most the accepted price plus the limit (accepted prices change only by the buyer's confirm).
  const accepted = new Map(
    (await db.select().from(standingOrderLines).where(eq(standingOrderLines.standingOrderId, state.standingOrderId))).map((line) => [line.productId, line.acceptedUnitPriceMinor]),
  );
  const fresh = buyerOrders.filter((order) => !checkedOrders.has(order.id));
  if (fresh.length > 0) {
    const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, fresh.map((order) => order.id)));
    for (const item of items) {
      expect(item.unitPriceMinor * 100).toBeLessThanOrEqual(((item.productId ? accepted.get(item.productId) : undefined) ?? 0) * (100 + LIMIT_PERCENT));
    }
    for (const order of fresh) checkedOrders.add(order.id);
  }

  const wallet = await getWalletBalances(db, state.buyerUserId);
  expect(wallet.availableMinor).toBeGreaterThanOrEqual(0);
  expect(wallet.escrowMinor).toBeGreaterThanOrEqual(0);
  expect(await ledgerTotal(app())).toBe(0);
}

describe('weekly basket cycles over random weeks', () => {
  it('never orders a cycle twice, oversells, charges above what the buyer accepted or leaves the wallet negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 6000 }), fc.array(stepArbitrary, { minLength: 4, maxLength: 18 }), async (fundsMinor, steps) => {
        const { buyer, productIds, standingOrderId } = await world(fundsMinor);
        const state = { now: new Date(cycleTimes(0).announce.getTime() - 2 * HOUR_MS), buyerUserId: buyer.id, productIds, standingOrderId };
        const checkedOrders = new Set<string>();
        for (const step of steps) {
          await apply(step, state);
          await checkInvariants(state, checkedOrders);
        }
        // Then the clock runs past the last cut-off: nothing is left waiting, and still one order per cycle at most.
        for (let week = 0; week < WEEKS; week += 1) {
          const times = cycleTimes(week);
          for (const at of [times.announce, times.place, times.cutoff]) {
            if (at.getTime() <= state.now.getTime()) continue;
            state.now = at;
            await sweepStandingOrders(app(), at, { standingOrderIds: [standingOrderId] });
            await checkInvariants(state, checkedOrders);
          }
        }
        const left = await app()
          .db.select({ status: standingOrderCycles.status })
          .from(standingOrderCycles)
          .where(and(eq(standingOrderCycles.standingOrderId, standingOrderId), inArray(standingOrderCycles.status, ['upcoming', 'held_price', 'held_funds'])));
        expect(left).toEqual([]);
      }),
      { numRuns: 10 },
    );
  }, 60_000);
});
