import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliverySlots } from '../../db/schema/delivery-slots';
import { ledgerTransactions } from '../../db/schema/ledger';
import { orderEvents, orders } from '../../db/schema/orders';
import { bearer } from '../../testing/auth-helpers';
import { useConcurrencyApp } from '../../testing/parallel-connections';
import { sweepOrderTimers } from './orders-service';
import { act, balances, createSeller, getOrder, ledgerTotal, placePaidOrder, productStock, type TestUser } from './testing/order-fixtures';

/**
 * Issue 15: an order moves once, whoever acts at the same moment, and its money moves once with
 * it. On PostgreSQL each request holds its own pool connection; on PGlite they queue.
 */

const suite = useConcurrencyApp('orders');
const { burst } = suite;

async function eventsTo(orderId: string, status: string) {
  return suite.testApp.app.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, status as typeof orderEvents.$inferSelect.toStatus)));
}

async function ledgerOf(orderId: string, kind: 'refund' | 'escrow_release') {
  return suite.testApp.app.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerTransactions.kind, kind)));
}

/** A pickup order handed over and waiting for the buyer's confirmation. */
async function deliveredOrder(seller: TestUser) {
  const { app } = suite.testApp;
  const placed = await placePaidOrder(app, { seller, fulfilment: 'pickup' });
  for (const action of ['accept', 'mark_ready']) expect((await act(app, seller, placed.order.id, { action })).statusCode).toBe(200);
  const code = (await getOrder(app, placed.buyer, placed.order.id)).confirmationCode ?? '';
  expect((await act(app, seller, placed.order.id, { action: 'hand_over', confirmationCode: code })).statusCode).toBe(200);
  return placed;
}

describe('orders under real concurrency', () => {
  it('the buyer cancels twice while the farm accepts, on 4 orders at once: each order either accepted or refunded once', async () => {
    const { app } = suite.testApp;
    const farm = await createSeller(app, 'Race Farm');
    const placed: Array<Awaited<ReturnType<typeof placePaidOrder>>> = [];
    for (let index = 0; index < 4; index += 1) placed.push(await placePaidOrder(app, { seller: farm, quantity: 3 }));

    const responses = await burst(() =>
      Promise.all(
        placed.flatMap(({ buyer, order }) => [
          act(app, buyer, order.id, { action: 'cancel', reason: 'Ordered by mistake' }),
          act(app, buyer, order.id, { action: 'cancel', reason: 'Ordered by mistake' }),
          act(app, farm, order.id, { action: 'accept' }),
        ]),
      ),
    );

    for (const [index, { buyer, order, productId }] of placed.entries()) {
      const answers = responses.slice(3 * index, 3 * index + 3);
      // A cancel that finds the order accepted is the farm's to make (403); one that finds it
      // cancelled or an accept that finds it cancelled has nothing left to do (409).
      for (const answer of answers) expect([200, 403, 409], answer.body).toContain(answer.statusCode);
      const details = await getOrder(app, buyer, order.id);
      const [slot] = await app.db
        .select({ booked: deliverySlots.bookedCount })
        .from(deliverySlots)
        .innerJoin(orders, eq(orders.slotId, deliverySlots.id))
        .where(eq(orders.id, order.id));
      if (details.status === 'cancelled') {
        expect(answers[2]?.statusCode).toBe(409);
        expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
        expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 100_000, escrowMinor: 0 });
        expect(await ledgerOf(order.id, 'refund')).toHaveLength(1);
        expect(await productStock(app, productId)).toMatchObject({ reserved: 0 });
        expect(slot?.booked).toBe(0);
      } else {
        expect(details.status).toBe('accepted');
        expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 200]);
        expect(answers[0]?.json()).toMatchObject({ error: { message: 'Only the farm can cancel this order.' } });
        expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 100_000 - details.totalMinor, escrowMinor: details.totalMinor });
        expect(await ledgerOf(order.id, 'refund')).toHaveLength(0);
        expect(await productStock(app, productId)).toMatchObject({ reserved: 3 });
        expect(slot?.booked).toBe(1);
      }
      expect((await eventsTo(order.id, details.status)).length).toBe(1);
    }
    expect(await ledgerTotal(app)).toBe(0);
  }, 60_000);

  it('the buyer confirms twice while the timers complete the order: the farm is paid once', async () => {
    const { app } = suite.testApp;
    const farm = await createSeller(app, 'Confirm Farm');
    const { buyer, order } = await deliveredOrder(farm);
    const later = new Date(Date.now() + 30 * 24 * 3600_000);

    const [first, second] = await burst(() =>
      Promise.all([
        act(app, buyer, order.id, { action: 'confirm_receipt' }),
        act(app, buyer, order.id, { action: 'confirm_receipt' }),
        sweepOrderTimers(app, later),
        sweepOrderTimers(app, later),
      ]),
    );

    for (const answer of [first, second]) expect([200, 409], answer?.body).toContain(answer?.statusCode);
    expect((await getOrder(app, buyer, order.id)).status).toBe('completed');
    expect(await eventsTo(order.id, 'completed')).toHaveLength(1);
    expect(await ledgerOf(order.id, 'escrow_release')).toHaveLength(1);
    expect((await balances(app, buyer.id)).escrowMinor).toBe(0);
    const paid = (await balances(app, farm.id)).availableMinor;
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThanOrEqual(order.totalMinor);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('the buyer sends the same review three times at once: one review, the product rated once', async () => {
    const { app } = suite.testApp;
    const farm = await createSeller(app, 'Review Farm');
    const { buyer, order, productId } = await deliveredOrder(farm);
    expect((await act(app, buyer, order.id, { action: 'confirm_receipt' })).statusCode).toBe(200);
    const review = () => app.inject({ method: 'POST', url: `/api/orders/${order.id}/review`, headers: bearer(buyer.token), payload: { rating: 4, body: 'Sweet and fresh' } });

    const responses = await burst(() => Promise.all([review(), review(), review()]));

    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json().error.message).toMatch(/already/i);
    expect(await productStock(app, productId)).toMatchObject({ ratingCount: 1, ratingSum: 4 });
  });
});
