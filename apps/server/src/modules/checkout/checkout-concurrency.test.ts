import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZCheckoutResponse, type TCheckoutResponse } from '@pulse/contract/orders';
import { basketItems } from '../../db/schema/basket-items';
import { deliverySlots } from '../../db/schema/delivery-slots';
import { ledgerTransactions } from '../../db/schema/ledger';
import { checkouts, orderItems, orders } from '../../db/schema/orders';
import { useConcurrencyApp } from '../../testing/parallel-connections';
import {
  balances,
  checkout,
  createBuyer,
  createProduct,
  createSeller,
  createSlot,
  fundWallet,
  ledgerTotal,
  nextKey,
  productStock,
  putInBasket,
  type TestUser,
} from '../orders/testing/order-fixtures';
import { BASKET_CHANGED_MESSAGE, EMPTY_BASKET_MESSAGE } from './checkout-service';

/**
 * Issue 15: the checkout's "only one" rules with the requests really overlapping. On PostgreSQL
 * (DATABASE_URL) the pool gives each request its own connection, so the row locks and conditional
 * updates are what decide; on PGlite the same tests check the answers with the requests queued.
 */

const suite = useConcurrencyApp('checkout');
const { burst } = suite;

async function buyersWithFunds(count: number, fundsMinor: number): Promise<TestUser[]> {
  const buyers = await Promise.all(Array.from({ length: count }, () => createBuyer(suite.testApp.app)));
  for (const buyer of buyers) await fundWallet(suite.testApp.app, buyer.id, fundsMinor);
  return buyers;
}

async function ordersOf(buyerUserId: string) {
  return suite.testApp.app.db.select().from(orders).where(eq(orders.buyerUserId, buyerUserId));
}

async function basketOf(userId: string) {
  return suite.testApp.app.db.select({ productId: basketItems.productId, quantity: basketItems.quantity }).from(basketItems).where(eq(basketItems.userId, userId));
}

/** Ledger payments the buyer made (one per paid order). */
async function paymentsOf(orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await suite.testApp.app.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'order_payment'), inArray(ledgerTransactions.orderId, orderIds)));
  return rows.length;
}

describe('checkout under real concurrency', () => {
  it('20 buyers at once for the last 5 units, each basket also holding another farm: 5 units sold, all-or-nothing, nobody charged without an order', async () => {
    const { app } = suite.testApp;
    const scarceFarm = await createSeller(app, 'Last Crate Farm');
    const plentyFarm = await createSeller(app, 'Plenty Orchard');
    const yams = await createProduct(app, scarceFarm.id, { title: 'Last yams of the season', unit: 'piece', stockQuantity: 5, priceMinor: 1000 });
    const mangoes = await createProduct(app, plentyFarm.id, { title: 'Mangoes', unit: 'piece', stockQuantity: 1000, priceMinor: 100 });
    const scarceSlot = await createSlot(app, scarceFarm.id);
    const plentySlot = await createSlot(app, plentyFarm.id);
    const funds = 10_000;
    const buyers = await buyersWithFunds(20, funds);
    // 1, 2 or 3 yams each: the refusal names what is left, and a late small basket can still fit.
    const wanted = new Map(buyers.map((buyer, index) => [buyer.id, 1 + (index % 3)]));
    for (const buyer of buyers) {
      await putInBasket(app, buyer.id, yams, wanted.get(buyer.id) ?? 1);
      await putInBasket(app, buyer.id, mangoes, 2);
    }
    const body = {
      sellers: [
        { sellerUserId: scarceFarm.id, fulfilment: 'pickup', slotId: scarceSlot },
        { sellerUserId: plentyFarm.id, fulfilment: 'pickup', slotId: plentySlot },
      ],
    };

    const responses = await burst(() => Promise.all(buyers.map((buyer) => checkout(app, buyer, body))));

    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code !== 201 && code !== 409), JSON.stringify(codes)).toEqual([]);
    const winners = buyers.filter((_, index) => codes[index] === 201);
    const losers = buyers.filter((_, index) => codes[index] === 409);
    expect(winners.length).toBeGreaterThan(0);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().error.message).toMatch(/^(Last yams of the season is sold out\. Remove it from your basket\.|Only [12] left of Last yams of the season)$/);
    }

    // Every unit sold once: the quantities of the winners add up to the 5 there were, nothing below zero.
    const soldYams = winners.reduce((total, buyer) => total + (wanted.get(buyer.id) ?? 0), 0);
    expect(soldYams).toBe(5);
    expect(await productStock(app, yams)).toMatchObject({ stock: 5, reserved: 5 });
    expect(await productStock(app, mangoes)).toMatchObject({ stock: 1000, reserved: 2 * winners.length });
    expect(await app.db.select().from(orders).where(eq(orders.sellerUserId, scarceFarm.id))).toHaveLength(winners.length);
    expect(await app.db.select().from(orders).where(eq(orders.sellerUserId, plentyFarm.id))).toHaveLength(winners.length);

    for (const buyer of winners) {
      const placed = await ordersOf(buyer.id);
      expect(placed.map((order) => order.status).sort()).toEqual(['paid', 'paid']);
      const total = (wanted.get(buyer.id) ?? 0) * 1000 + 2 * 100;
      expect(placed.reduce((sum, order) => sum + order.totalMinor, 0)).toBe(total);
      expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: funds - total, escrowMinor: total });
      expect(await paymentsOf(placed.map((order) => order.id))).toBe(2);
      expect(await basketOf(buyer.id)).toEqual([]);
    }
    // A refused checkout leaves nothing behind: no order of either farm, no money moved, the basket as it was.
    for (const buyer of losers) {
      expect(await ordersOf(buyer.id)).toEqual([]);
      expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: funds, escrowMinor: 0 });
      expect((await basketOf(buyer.id)).sort((a, b) => a.quantity - b.quantity || (a.productId < b.productId ? -1 : 1))).toHaveLength(2);
    }
    const [slotRow] = await app.db.select({ booked: deliverySlots.bookedCount }).from(deliverySlots).where(eq(deliverySlots.id, plentySlot));
    expect(slotRow?.booked).toBe(winners.length);
    expect(await ledgerTotal(app)).toBe(0);
  }, 120_000);

  it('10 buyers at once for a slot with 3 places: 3 orders, 7 told the slot is full, the stock of the others untouched', async () => {
    const { app } = suite.testApp;
    const farm = await createSeller(app, 'Small Slot Farm');
    const okra = await createProduct(app, farm.id, { title: 'Okra', stockQuantity: 500, priceMinor: 300 });
    const slotId = await createSlot(app, farm.id, { capacity: 3 });
    const funds = 5_000;
    const buyers = await buyersWithFunds(10, funds);
    for (const buyer of buyers) await putInBasket(app, buyer.id, okra, 4);

    const responses = await burst(() => Promise.all(buyers.map((buyer) => checkout(app, buyer, { sellers: [{ sellerUserId: farm.id, fulfilment: 'pickup', slotId }] }))));

    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(7);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().error.message).toBe('That slot of Small Slot Farm is full. Choose another slot.');
    }
    const [slot] = await app.db.select({ booked: deliverySlots.bookedCount, capacity: deliverySlots.capacity }).from(deliverySlots).where(eq(deliverySlots.id, slotId));
    expect(slot).toEqual({ booked: 3, capacity: 3 });
    expect(await productStock(app, okra)).toMatchObject({ stock: 500, reserved: 12 });
    for (const [index, buyer] of buyers.entries()) {
      expect(await balances(app, buyer.id)).toMatchObject(codes[index] === 201 ? { availableMinor: funds - 1200, escrowMinor: 1200 } : { availableMinor: funds, escrowMinor: 0 });
    }
    expect(await ledgerTotal(app)).toBe(0);
  }, 60_000);

  it('the same Idempotency-Key sent twice at once: one checkout, one charge per farm, both answers name the same orders', async () => {
    const { app } = suite.testApp;
    const [buyer] = await buyersWithFunds(1, 10_000);
    if (!buyer) throw new Error('no buyer');
    const farmA = await createSeller(app, 'Twin Farm A');
    const farmB = await createSeller(app, 'Twin Farm B');
    const beans = await createProduct(app, farmA.id, { title: 'Beans', stockQuantity: 50, priceMinor: 400 });
    const pears = await createProduct(app, farmB.id, { title: 'Pears', stockQuantity: 50, priceMinor: 150 });
    const slotA = await createSlot(app, farmA.id);
    const slotB = await createSlot(app, farmB.id);
    await putInBasket(app, buyer.id, beans, 3);
    await putInBasket(app, buyer.id, pears, 2);
    const key = nextKey('twin');
    const body = {
      sellers: [
        { sellerUserId: farmA.id, fulfilment: 'pickup', slotId: slotA },
        { sellerUserId: farmB.id, fulfilment: 'pickup', slotId: slotB },
      ],
    };

    const responses = await burst(() => Promise.all([checkout(app, buyer, body, key), checkout(app, buyer, body, key)]));

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    const answers = responses.map((response) => ZCheckoutResponse.parse(response.json()));
    expect(answers.map((answer) => answer.replayed).sort()).toEqual([false, true]);
    const orderIds = (answer: TCheckoutResponse) => answer.orders.map((order) => order.id).sort();
    expect(orderIds(answers[0] as TCheckoutResponse)).toHaveLength(2);
    expect(orderIds(answers[1] as TCheckoutResponse)).toEqual(orderIds(answers[0] as TCheckoutResponse));
    expect(answers[1]?.checkoutId).toBe(answers[0]?.checkoutId);

    const placed = await ordersOf(buyer.id);
    expect(placed).toHaveLength(2);
    expect(await paymentsOf(placed.map((order) => order.id))).toBe(2);
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 10_000 - 1500, escrowMinor: 1500 });
    expect(await productStock(app, beans)).toMatchObject({ reserved: 3 });
    expect(await productStock(app, pears)).toMatchObject({ reserved: 2 });
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('a double click that sends two different keys at once buys the basket once: one order, one charge, the other told the basket is gone', async () => {
    const { app } = suite.testApp;
    const [buyer] = await buyersWithFunds(1, 10_000);
    if (!buyer) throw new Error('no buyer');
    const farm = await createSeller(app, 'Double Click Farm');
    const honey = await createProduct(app, farm.id, { title: 'Honey', unit: 'piece', stockQuantity: 40, priceMinor: 900 });
    const slotId = await createSlot(app, farm.id);
    await putInBasket(app, buyer.id, honey, 2);
    const body = { sellers: [{ sellerUserId: farm.id, fulfilment: 'pickup', slotId }] };

    const responses = await burst(() => Promise.all([checkout(app, buyer, body, nextKey('click-1')), checkout(app, buyer, body, nextKey('click-2'))]));

    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect([EMPTY_BASKET_MESSAGE, BASKET_CHANGED_MESSAGE]).toContain(refused?.json().error.message);
    const placed = await ordersOf(buyer.id);
    expect(placed).toHaveLength(1);
    const items = await app.db.select({ quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, placed[0]?.id ?? ''));
    expect(items).toEqual([{ quantity: 2 }]);
    expect(await paymentsOf(placed.map((order) => order.id))).toBe(1);
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 10_000 - 1800, escrowMinor: 1800 });
    expect(await productStock(app, honey)).toMatchObject({ stock: 40, reserved: 2 });
    expect(await basketOf(buyer.id)).toEqual([]);
    expect(await app.db.select().from(checkouts).where(eq(checkouts.buyerUserId, buyer.id))).toHaveLength(1);
    expect(await ledgerTotal(app)).toBe(0);
  });
});
