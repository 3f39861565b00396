import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { orderItems } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { standingOrderCycles } from '../../db/schema/standing-orders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { balances, createBuyer, createProduct, createSeller, fundWallet, ledgerTotal, platformBalance, productStock } from '../orders/testing/order-fixtures';
import { domainEvents } from '../../lib/domain-events';
import { confirmHeldCycle, standingCycleCheckoutKey, sweepStandingOrders } from './standing-cycle-engine';
import { createStandingOrder, createWeeklySlot, cycleOf, cyclesOf, cycleTimes, ordersOfBuyer } from './testing/standing-fixtures';

/**
 * The cycle engine of weekly baskets (decision 064) on PGlite, with the clock passed as `now`: each
 * cycle is announced a day before its slot's cut-off, ordered once 12 h before it through the
 * checkout's code, and what the farm or the wallet cannot give is told, never charged.
 */
let testApp: TestApp;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
});
afterAll(async () => {
  await testApp.close();
});

async function weeklyBasket(options: { funds?: number; stock?: number; weeks?: number[]; priceLimit?: number } = {}) {
  const seller = await createSeller(app(), 'Green Valley Farm');
  const buyer = await createBuyer(app());
  if (options.funds !== 0) await fundWallet(app(), buyer.id, options.funds ?? 100_000);
  const tomatoes = await createProduct(app(), seller.id, { title: 'Tomatoes', priceMinor: 500, stockQuantity: options.stock ?? 50 });
  const eggs = await createProduct(app(), seller.id, { title: 'Eggs', unit: 'piece', priceMinor: 300, stockQuantity: 50 });
  const slots = [];
  for (const week of options.weeks ?? [0, 1, 2]) slots.push(await createWeeklySlot(app(), seller.id, week));
  const standingOrderId = await createStandingOrder(app(), {
    buyerUserId: buyer.id,
    sellerUserId: seller.id,
    priceIncreaseLimitPercent: options.priceLimit ?? 10,
    lines: [
      { productId: tomatoes, quantity: 2, acceptedUnitPriceMinor: 500 },
      { productId: eggs, quantity: 6, acceptedUnitPriceMinor: 300 },
    ],
  });
  const sweep = (now: Date) => sweepStandingOrders(app(), now, { standingOrderIds: [standingOrderId] });
  return { seller, buyer, tomatoes, eggs, slots, standingOrderId, sweep };
}

async function messagesOf(userId: string): Promise<string[]> {
  const rows = await app().db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, userId));
  return rows.map((row) => row.message);
}

describe('weekly basket cycles', () => {
  it('announces the cycle, then orders it once 12 h before the cut-off, paid from the wallet at the farm slot, with commission and a balanced ledger', async () => {
    const { buyer, slots, standingOrderId, sweep, tomatoes } = await weeklyBasket();
    const week0 = cycleTimes(0);
    const commissionBefore = await platformBalance(app(), 'platform_commission');

    expect((await sweep(new Date(week0.announce.getTime() - 3_600_000))).changed).toEqual([]);
    const announced = await sweep(week0.announce);
    expect(announced.changed).toEqual([expect.objectContaining({ cycleDate: week0.cycleDate, status: 'upcoming', orderId: null })]);
    expect(await ordersOfBuyer(app(), buyer.id)).toHaveLength(0);
    expect((await messagesOf(buyer.id)).join('\n')).toContain('Skip it on its page');

    // Two sweeps at the same moment, then a later one: one order.
    const [first, second] = await Promise.all([sweep(week0.place), sweep(week0.place)]);
    const placedBy = [...first.changed, ...second.changed].filter((change) => change.status === 'placed');
    expect(placedBy).toHaveLength(1);
    await sweep(new Date(week0.place.getTime() + 3_600_000));
    await sweep(week0.cutoff);

    const orders = await ordersOfBuyer(app(), buyer.id);
    expect(orders).toHaveLength(1);
    const order = orders[0];
    expect(order).toMatchObject({ status: 'paid', slotId: slots[0]?.id, subtotalMinor: 2 * 500 + 6 * 300, totalMinor: 2800 });
    const cycle = await cycleOf(app(), standingOrderId, week0.cycleDate);
    expect(cycle).toMatchObject({ status: 'placed', orderId: order?.id, totalMinor: 2800, leftOut: [] });
    expect((await balances(app(), buyer.id)).availableMinor).toBe(100_000 - 2800);
    expect((await balances(app(), buyer.id)).escrowMinor).toBe(2800);
    expect((await productStock(app(), tomatoes)).reserved).toBe(2);
    expect(await ledgerTotal(app())).toBe(0);
    // Commission is taken when the order completes, as for any checkout: nothing yet.
    expect(await platformBalance(app(), 'platform_commission')).toBe(commissionBefore);
    expect(await app().db.select().from(orderItems).where(eq(orderItems.orderId, order?.id ?? ''))).toHaveLength(2);
    expect((await messagesOf(buyer.id)).join('\n')).toContain('is ordered and paid');
    expect(standingCycleCheckoutKey(standingOrderId, week0.cycleDate)).toBe(`standing-order:${standingOrderId}:${week0.cycleDate}`);
  });

  it('leaves a sold-out line out, orders the rest and tells which', async () => {
    const { buyer, tomatoes, standingOrderId, sweep } = await weeklyBasket();
    await app().db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, tomatoes));
    const week0 = cycleTimes(0);
    await sweep(week0.place);
    const cycle = await cycleOf(app(), standingOrderId, week0.cycleDate);
    expect(cycle?.status).toBe('partly_placed');
    expect(cycle?.leftOut).toEqual([expect.objectContaining({ productId: tomatoes, title: 'Tomatoes', reason: 'sold_out', quantity: 2 })]);
    const orders = await ordersOfBuyer(app(), buyer.id);
    expect(orders.map((order) => order.totalMinor)).toEqual([1800]);
    expect((await messagesOf(buyer.id)).join('\n')).toContain('without Tomatoes');
    expect(await ledgerTotal(app())).toBe(0);
  });

  it('holds a cycle whose price rose over the limit; the buyer confirms through the route and it is ordered at today s price', async () => {
    const { buyer, tomatoes, standingOrderId, sweep } = await weeklyBasket();
    await app().db.update(products).set({ priceMinor: 600 }).where(eq(products.id, tomatoes));
    const week0 = cycleTimes(0);
    await sweep(week0.place);
    const held = await cycleOf(app(), standingOrderId, week0.cycleDate);
    expect(held?.status).toBe('held_price');
    expect(await ordersOfBuyer(app(), buyer.id)).toHaveLength(0);
    expect((await messagesOf(buyer.id)).join('\n')).toContain('rose above your limit');

    const other = await createBuyer(app());
    const refused = await app().inject({
      method: 'POST',
      url: `/api/standing-orders/${standingOrderId}/cycles/${held?.id}/confirm`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(refused.statusCode).toBe(404);

    const confirmed = await confirmHeldCycle(app(), buyer.id, standingOrderId, held?.id ?? '', new Date(week0.place.getTime() + 60_000));
    expect(confirmed).toMatchObject({ status: 'placed', totalMinor: 2 * 600 + 1800 });
    expect((await ordersOfBuyer(app(), buyer.id)).map((order) => order.totalMinor)).toEqual([3000]);
    await sweep(new Date(week0.place.getTime() + 120_000));
    expect(await ordersOfBuyer(app(), buyer.id)).toHaveLength(1);
    const again = await app().inject({
      method: 'POST',
      url: `/api/standing-orders/${standingOrderId}/cycles/${held?.id}/confirm`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(again.statusCode).toBe(409);
  });

  it('holds a cycle the wallet cannot pay: a top-up before the cut-off orders it at the next sweep; without one it is missed', async () => {
    const short = await weeklyBasket({ funds: 1000 });
    const week0 = cycleTimes(0);
    await short.sweep(week0.announce);
    expect((await messagesOf(short.buyer.id)).join('\n')).toContain('short: top up by');
    await short.sweep(week0.place);
    const held = await cycleOf(app(), short.standingOrderId, week0.cycleDate);
    expect(held).toMatchObject({ status: 'held_funds', reason: 'wallet_short:1800' });
    await short.sweep(new Date(week0.place.getTime() + 30_000));
    expect(await ordersOfBuyer(app(), short.buyer.id)).toHaveLength(0);
    await fundWallet(app(), short.buyer.id, 5000);
    await short.sweep(new Date(week0.place.getTime() + 3_600_000));
    expect((await cycleOf(app(), short.standingOrderId, week0.cycleDate))?.status).toBe('placed');
    expect(await ordersOfBuyer(app(), short.buyer.id)).toHaveLength(1);

    const never = await weeklyBasket({ funds: 1000 });
    await never.sweep(week0.place);
    await never.sweep(week0.cutoff);
    expect((await cycleOf(app(), never.standingOrderId, week0.cycleDate))?.status).toBe('missed');
    expect(await ordersOfBuyer(app(), never.buyer.id)).toHaveLength(0);
    expect((await balances(app(), never.buyer.id)).availableMinor).toBe(1000);
    expect((await messagesOf(never.buyer.id)).join('\n')).toContain('still waiting at the cut-off');
  });

  it('makes nothing for a skipped cycle and orders the one after', async () => {
    const { buyer, standingOrderId, sweep } = await weeklyBasket();
    const week0 = cycleTimes(0);
    const week1 = cycleTimes(1);
    await app().db.insert(standingOrderCycles).values({ standingOrderId, cycleDate: week0.cycleDate, status: 'skipped' });
    await sweep(week0.place);
    await sweep(week0.cutoff);
    expect(await ordersOfBuyer(app(), buyer.id)).toHaveLength(0);
    await sweep(week1.place);
    expect((await cyclesOf(app(), standingOrderId)).map((cycle) => [cycle.cycleDate, cycle.status])).toEqual([
      [week0.cycleDate, 'skipped'],
      [week1.cycleDate, 'placed'],
    ]);
    expect(await ordersOfBuyer(app(), buyer.id)).toHaveLength(1);
  });

  it('tells the buyer when the farm has no slot that week (48 h before the pattern), and orders the week after', async () => {
    const { buyer, standingOrderId, sweep } = await weeklyBasket({ weeks: [0, 2] });
    const week1 = cycleTimes(1);
    const pattern = new Date(`${week1.cycleDate}T09:00:00Z`);
    await sweep(new Date(pattern.getTime() - 49 * 3_600_000));
    expect(await cycleOf(app(), standingOrderId, week1.cycleDate)).toBeNull();
    await sweep(new Date(pattern.getTime() - 47 * 3_600_000));
    expect((await cycleOf(app(), standingOrderId, week1.cycleDate))?.status).toBe('no_slot');
    expect((await messagesOf(buyer.id)).join('\n')).toContain('has no delivery time');
    await sweep(cycleTimes(2).place);
    expect((await cycleOf(app(), standingOrderId, cycleTimes(2).cycleDate))?.status).toBe('placed');
  });

  it('tells the buyer a weekly basket was made, and that a product of it was paused, once each, linking to the basket', async () => {
    const { buyer, seller, tomatoes, standingOrderId } = await weeklyBasket();
    const created = { standingOrderId, buyerUserId: buyer.id, sellerUserId: seller.id, shopName: 'Green Valley Farm', firstCycleDate: '2026-12-03', firstSlotStartsAt: null };
    await domainEvents.publishAfterCommit(app(), 'standing_order.created', created);
    await domainEvents.publishAfterCommit(app(), 'standing_order.created', created);
    const withdrawn = { productId: tomatoes, title: 'Tomatoes', sellerUserId: seller.id, shopName: 'Green Valley Farm', status: 'paused' as const, buyerUserIds: [buyer.id] };
    await domainEvents.publishAfterCommit(app(), 'standing_order.product_withdrawn', withdrawn);
    const rows = await app().db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(rows.map((row) => row.message).sort()).toEqual([
      'Green Valley Farm paused Tomatoes: your weekly basket goes without it until it is back.',
      'Your weekly basket from Green Valley Farm is set. The first delivery is on Thu, Dec 3.',
    ]);
    expect(rows.find((row) => row.message.startsWith('Your weekly basket'))).toMatchObject({ type: 'standing_order_update', relatedEntityId: standingOrderId });
  });
});
