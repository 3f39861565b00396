import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lineTotalForMilli } from '@pulse/contract/final-weight';
import { ORDER_STATUSES, type TOrderAction, type TOrderDetails, type TOrderListResponse, type TOrderStatus } from '@pulse/contract/orders';
import { deliverySlots } from '../../db/schema/delivery-slots';
import { orders } from '../../db/schema/orders';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { ORDER_TRANSITIONS, allowedActionsFor, isAgentTrigger, isPersonAction } from './order-state-machine';
import { escrowSplit } from './order-money';
import { sweepOrderTimers } from './orders-service';
import {
  act,
  balances,
  createBuyer,
  createSeller,
  getOrder,
  ledgerTotal,
  makeAdmin,
  placePaidOrder,
  platformBalance,
  productStock,
  type TestUser,
} from './testing/order-fixtures';

let testApp: TestApp;
let buyer: TestUser;
let seller: TestUser;
let admin: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
  const { app } = testApp;
  buyer = await createBuyer(app);
  seller = await createSeller(app, 'Green Valley Farm');
  admin = await createBuyer(app);
  await makeAdmin(app, admin.id);
  stranger = await createBuyer(app);
  farmOfOrders = seller;
});

afterAll(async () => {
  await testApp.close();
});

type Party = 'buyer' | 'seller' | 'admin';
/** The farm orderIn() sells from; the timer tests use a farm of their own (a sweep touches every due order). */
let farmOfOrders: TestUser;
function userOf(party: Party): TestUser {
  return party === 'buyer' ? buyer : party === 'seller' ? farmOfOrders : admin;
}

async function mustAct(orderId: string, party: Party, body: Record<string, unknown>): Promise<TOrderDetails> {
  const response = await act(testApp.app, userOf(party), orderId, body);
  if (response.statusCode !== 200) throw new Error(`${String(body.action)} by ${party}: ${response.statusCode} ${response.body}`);
  return response.json() as TOrderDetails;
}

async function codeOf(orderId: string): Promise<string> {
  return (await getOrder(testApp.app, buyer, orderId)).confirmationCode ?? '';
}

/** Drives a fresh order through real actions to `status` (delivery unless told otherwise). */
async function orderIn(status: TOrderStatus, fulfilment: 'pickup' | 'delivery' = 'delivery'): Promise<{ orderId: string; productId: string }> {
  const { app } = testApp;
  const payNow = status !== 'pending_payment';
  const { order, productId } = await placePaidOrder(app, { buyer, seller: farmOfOrders, fulfilment, payNow, quantity: 4, priceMinor: 250 });
  const id = order.id;
  const steps: Record<TOrderStatus, Array<[Party, Record<string, unknown>]>> = {
    pending_payment: [],
    paid: [],
    accepted: [['seller', { action: 'accept' }]],
    ready: [['seller', { action: 'accept' }], ['seller', { action: 'mark_ready' }]],
    in_transit: [['seller', { action: 'accept' }], ['seller', { action: 'mark_ready' }], ['seller', { action: 'hand_over' }]],
    delivered: [['seller', { action: 'accept' }], ['seller', { action: 'mark_ready' }], ['seller', { action: 'hand_over' }], ['seller', { action: 'mark_delivered', confirmationCode: 'CODE' }]],
    completed: [],
    cancelled: [['buyer', { action: 'cancel' }]],
    refund_requested: [],
    refund_disputed: [],
    refunded: [],
    refund_rejected: [],
  };
  const deliveredPath = steps.delivered;
  steps.completed = [...deliveredPath, ['buyer', { action: 'confirm_receipt' }]];
  steps.refund_requested = [...deliveredPath, ['buyer', { action: 'request_refund', reason: 'Half the tomatoes were bruised' }]];
  steps.refund_disputed = [...steps.refund_requested, ['seller', { action: 'contest_refund', reason: 'The photos show whole tomatoes' }]];
  steps.refunded = [...steps.refund_requested, ['seller', { action: 'approve_refund' }]];
  steps.refund_rejected = [...steps.refund_requested, ['seller', { action: 'reject_refund', reason: 'They left the farm in good shape' }]];
  for (const [party, body] of steps[status]) {
    await mustAct(id, party, body.confirmationCode === 'CODE' ? { ...body, confirmationCode: await codeOf(id) } : body);
  }
  return { orderId: id, productId };
}

describe('the state machine data', () => {
  it('covers every action, and only people take person actions', () => {
    const actions = new Set(ORDER_TRANSITIONS.map((transition) => transition.trigger));
    for (const action of ['pay', 'cancel', 'accept', 'mark_ready', 'hand_over', 'mark_delivered', 'confirm_receipt', 'request_refund', 'approve_refund', 'reject_refund', 'expire', 'auto_complete']) {
      expect(actions.has(action as TOrderAction)).toBe(true);
    }
    for (const transition of ORDER_TRANSITIONS) {
      // Timers are the system's; delivery-task steps (agent_pickup, delivery_failed) are the agent's.
      expect(transition.actors.includes('system')).toBe(!isPersonAction(transition.trigger) && !isAgentTrigger(transition.trigger));
    }
  });

  it('never has two rows for one action from one status', () => {
    const seen = new Set<string>();
    for (const transition of ORDER_TRANSITIONS) {
      for (const from of transition.from) {
        const key = `${transition.trigger}:${from}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
  });

  it('offers no action on final statuses', () => {
    for (const status of ['completed', 'cancelled', 'refunded'] as const) {
      expect(allowedActionsFor(status, ['buyer', 'seller', 'admin'])).toEqual([]);
    }
  });
});

/* Every person transition: the allowed actors succeed, other parties get 403, strangers 404. */
const personRows = ORDER_TRANSITIONS.filter((transition) => isPersonAction(transition.trigger));
const parties: Party[] = ['buyer', 'seller', 'admin'];

describe.each(personRows.flatMap((transition) => transition.from.map((from) => ({ transition, from }))))(
  '$transition.trigger from $from',
  ({ transition, from }) => {
    const action = transition.trigger as TOrderAction;
    const body = (orderId: string) => async (): Promise<Record<string, unknown>> => ({
      action,
      ...(transition.requiresReason ? { reason: 'A reason given in the test' } : {}),
      ...(transition.requiresCode ? { confirmationCode: await codeOf(orderId) } : {}),
    });

    it('refuses the other parties (403), strangers (404), and records nothing', async () => {
      const { orderId } = await orderIn(from);
      for (const party of parties.filter((candidate) => !transition.actors.includes(candidate))) {
        const response = await act(testApp.app, userOf(party), orderId, await body(orderId)());
        // The admin is not a party of the order: the admin may only act on refunds.
        expect(response.statusCode, `${party}`).toBe(403);
        expect(response.json().error.message).toMatch(/^Only the /);
      }
      const foreign = await act(testApp.app, stranger, orderId, await body(orderId)());
      expect(foreign.statusCode).toBe(404);
      const details = await getOrder(testApp.app, buyer, orderId);
      expect(details.status).toBe(from);
    });

    for (const party of parties.filter((candidate) => transition.actors.includes(candidate))) {
      it(`lets the ${party} do it: status, history, notification and a balanced ledger`, async () => {
        const { orderId } = await orderIn(from);
        const before = await getOrder(testApp.app, buyer, orderId);
        const response = await act(testApp.app, userOf(party), orderId, await body(orderId)());
        expect(response.statusCode, response.body).toBe(200);
        const details = response.json() as TOrderDetails;
        const expected = details.fulfilment === 'pickup' && transition.pickupTo ? transition.pickupTo : transition.to;
        expect(details.status).toBe(expected);
        const last = details.events[details.events.length - 1];
        expect(last).toMatchObject({ fromStatus: from, toStatus: expected, actor: party });
        expect(details.events).toHaveLength(before.events.length + 1);
        expect(await ledgerTotal(testApp.app)).toBe(0);

        // The other party hears about it (the actor does not).
        const told = Object.entries(transition.notify)
          .filter(([target]) => userOf(target as Party).id !== userOf(party).id)
          .map(([target]) => target as Party);
        for (const target of told) {
          const list = await testApp.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: bearer(userOf(target).token) });
          const rows = (list.json() as { items: Array<{ related_entity_id: string | null }> }).items;
          expect(rows.some((row) => row.related_entity_id === orderId), `${target} notified`).toBe(true);
        }
      });
    }
  },
);

describe('illegal transitions', () => {
  it('answers 409 "This order is <status> and cannot be <action>" and changes nothing', async () => {
    const { app } = testApp;
    const { orderId } = await orderIn('paid', 'pickup');
    const legal = new Set(ORDER_TRANSITIONS.flatMap((transition) => transition.from.map((from) => `${transition.trigger}:${from}`)));
    for (const status of ORDER_STATUSES) {
      await app.db.update(orders).set({ status }).where(eq(orders.id, orderId));
      for (const action of ['pay', 'cancel', 'accept', 'mark_ready', 'hand_over', 'mark_delivered', 'confirm_receipt', 'request_refund', 'approve_refund', 'reject_refund', 'contest_refund'] as const) {
        if (legal.has(`${action}:${status}`)) continue;
        const response = await act(app, seller, orderId, { action, reason: 'x', confirmationCode: '000000' });
        expect(response.statusCode, `${action} from ${status}`).toBe(409);
        expect(response.json().error.message).toMatch(/^This order is .+ and cannot be .+/);
      }
      const [row] = await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      expect(row?.status).toBe(status);
    }
    const message = await (async () => {
      await app.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, orderId));
      return (await act(app, buyer, orderId, { action: 'cancel' })).json().error.message;
    })();
    expect(message).toBe('This order is completed and cannot be cancelled');
  });

  it('needs the confirmation code at pickup and for delivery, and a reason for a refund request', async () => {
    const { app } = testApp;
    const pickup = await orderIn('ready', 'pickup');
    const missing = await act(app, seller, pickup.orderId, { action: 'hand_over' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.confirmationCode).toBeDefined();
    const wrong = await act(app, seller, pickup.orderId, { action: 'hand_over', confirmationCode: 'nope12' });
    expect(wrong.statusCode).toBe(400);
    const handed = await act(app, seller, pickup.orderId, { action: 'hand_over', confirmationCode: await codeOf(pickup.orderId) });
    expect(handed.json().status).toBe('delivered');

    const delivery = await orderIn('in_transit');
    expect((await act(app, seller, delivery.orderId, { action: 'mark_delivered' })).statusCode).toBe(400);

    const delivered = await orderIn('delivered');
    const noReason = await act(app, buyer, delivered.orderId, { action: 'request_refund', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBeDefined();
  });
});

describe('GET /api/orders and /api/orders/:id', () => {
  it('shows the confirmation code to the buyer only and the actions each party may take', async () => {
    const { orderId } = await orderIn('paid');
    const asBuyer = await getOrder(testApp.app, buyer, orderId);
    const asSeller = await getOrder(testApp.app, seller, orderId);
    expect(asBuyer.confirmationCode).toMatch(/^\d{6}$/);
    expect(asSeller.confirmationCode).toBeNull();
    expect(asBuyer.allowedActions).toEqual(['cancel']);
    expect(asSeller.allowedActions.sort()).toEqual(['accept', 'cancel']);
    expect(asBuyer.items[0]).toMatchObject({ title: 'Tomatoes', unit: 'kg', quantity: 4, unitPriceMinor: 250, lineTotalMinor: 1000 });
    // No farm name on the product: the shop name stands in.
    expect(asBuyer.pickupLocation).toEqual({ farmName: 'Green Valley Farm', region: '' });
  });

  it("answers 404 for another user's order", async () => {
    const { orderId } = await orderIn('paid');
    const response = await testApp.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(stranger.token) });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Order not found.');
  });

  it('lists by role and status, newest first, page by page', async () => {
    const { app } = testApp;
    const lister = await createBuyer(app);
    const farm = await createSeller(app, 'Paging Farm');
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await placePaidOrder(app, { buyer: lister, seller: farm })).order.id);
    const first = (await app.inject({ method: 'GET', url: '/api/orders?limit=2', headers: bearer(lister.token) })).json() as TOrderListResponse;
    expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = (await app.inject({ method: 'GET', url: `/api/orders?limit=2&cursor=${first.nextCursor ?? ''}`, headers: bearer(lister.token) })).json() as TOrderListResponse;
    expect(second.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();

    const asSeller = (await app.inject({ method: 'GET', url: '/api/orders?role=seller&status=paid,accepted', headers: bearer(farm.token) })).json() as TOrderListResponse;
    expect(asSeller.items).toHaveLength(3);
    expect(asSeller.items[0]).toMatchObject({ shopName: 'Paging Farm', buyerUsername: lister.username, status: 'paid' });
    const none = (await app.inject({ method: 'GET', url: '/api/orders?role=seller&status=completed', headers: bearer(farm.token) })).json() as TOrderListResponse;
    expect(none.items).toEqual([]);

    const bad = await app.inject({ method: 'GET', url: '/api/orders?status=shipped', headers: bearer(lister.token) });
    expect(bad.statusCode).toBe(400);
    const badCursor = await app.inject({ method: 'GET', url: '/api/orders?cursor=zzz', headers: bearer(lister.token) });
    expect(badCursor.statusCode).toBe(400);
  });
});

describe('money', () => {
  it('cancelling a paid order returns the escrow and releases the stock and the slot', async () => {
    const { app } = testApp;
    const before = await balances(app, buyer.id);
    const { orderId, productId } = await orderIn('paid', 'pickup');
    expect(await productStock(app, productId)).toMatchObject({ reserved: 4 });
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    const details = await mustAct(orderId, 'seller', { action: 'cancel', reason: 'Hail destroyed the crop' });
    expect(details).toMatchObject({ status: 'cancelled', cancelReason: 'Hail destroyed the crop', refundedMinor: 1000 });
    const after = await balances(app, buyer.id);
    expect(after.escrowMinor).toBe(before.escrowMinor);
    expect(after.availableMinor).toBe(before.availableMinor + 100_000);
    expect(await productStock(app, productId)).toMatchObject({ stock: 100, reserved: 0 });
    const [slot] = await app.db.select().from(deliverySlots).where(eq(deliverySlots.id, order?.slotId ?? ''));
    expect(slot?.bookedCount).toBe(0);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('hand-over turns the reservation into a sale; completion releases escrow less 10% commission and the delivery fee', async () => {
    const { app } = testApp;
    const farm = await createSeller(app, 'Commission Farm');
    const { order, productId } = await placePaidOrder(app, { buyer, seller: farm, fulfilment: 'delivery', quantity: 3, priceMinor: 333 });
    expect(order).toMatchObject({ subtotalMinor: 999, deliveryFeeMinor: 300, totalMinor: 1299 });
    const commissionBefore = await platformBalance(app, 'platform_commission');
    const feesBefore = await platformBalance(app, 'platform_delivery_fees');
    const escrowBefore = (await balances(app, buyer.id)).escrowMinor;
    for (const action of ['accept', 'mark_ready', 'hand_over']) {
      const response = await act(app, farm, order.id, { action });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await productStock(app, productId)).toMatchObject({ stock: 97, reserved: 0 });
    expect((await act(app, farm, order.id, { action: 'mark_delivered', confirmationCode: await codeOf(order.id) })).statusCode).toBe(200);
    const done = await mustAct(order.id, 'buyer', { action: 'confirm_receipt' });
    expect(done.status).toBe('completed');
    expect(done.canReview).toBe(true);
    // 999 * 10% = 99.9 -> 99 commission; the farm gets 900; the platform keeps the 300 delivery fee.
    expect(await balances(app, farm.id)).toMatchObject({ availableMinor: 900 });
    expect((await platformBalance(app, 'platform_commission')) - commissionBefore).toBe(99);
    expect((await platformBalance(app, 'platform_delivery_fees')) - feesBefore).toBe(300);
    expect((await balances(app, buyer.id)).escrowMinor).toBe(escrowBefore - 1299);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('an approved refund returns the whole escrow; a refused one completes later and pays the farm', async () => {
    const { app } = testApp;
    const refunded = await orderIn('refunded');
    const details = await getOrder(app, buyer, refunded.orderId);
    expect(details).toMatchObject({ status: 'refunded', refundedMinor: details.totalMinor, refundReason: 'Half the tomatoes were bruised' });

    const rejected = await orderIn('refund_rejected');
    const rejectedDetails = await getOrder(app, buyer, rejected.orderId);
    expect(rejectedDetails.allowedActions).toEqual(['confirm_receipt']);
    expect(rejectedDetails.autoCompleteAt).not.toBeNull();
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('splits escrow with returns taken from the produce first, commission rounded down', () => {
    expect(escrowSplit({ subtotalMinor: 1000, deliveryFeeMinor: 300, totalMinor: 1300, refundedMinor: 0 }, 1000)).toEqual({ escrowMinor: 1300, sellerMinor: 900, commissionMinor: 100, deliveryMinor: 300 });
    expect(escrowSplit({ subtotalMinor: 1000, deliveryFeeMinor: 300, totalMinor: 1300, refundedMinor: 55 }, 1000)).toEqual({ escrowMinor: 1245, sellerMinor: 851, commissionMinor: 94, deliveryMinor: 300 });
    // 3.33 x 1.5 kg = 4.995 rounds half down to 4.99; 4.9951 would round up.
    expect(lineTotalForMilli(333, 1500)).toBe(499);
    expect(lineTotalForMilli(333, 1501)).toBe(500);
    expect(lineTotalForMilli(250, 0)).toBe(0);
  });
});

describe('timers', () => {
  beforeAll(async () => {
    farmOfOrders = await createSeller(testApp.app, 'Timer Farm');
  });
  afterAll(() => {
    farmOfOrders = seller;
  });

  it('expires unpaid orders after 15 minutes: stock and slot released, history by system, buyer told', async () => {
    const { app } = testApp;
    const { orderId, productId } = await orderIn('pending_payment', 'pickup');
    expect(await productStock(app, productId)).toMatchObject({ reserved: 4 });
    await sweepOrderTimers(app, new Date(Date.now() + 14 * 60_000));
    expect((await getOrder(app, buyer, orderId)).status).toBe('pending_payment');
    const result = await sweepOrderTimers(app, new Date(Date.now() + 16 * 60_000));
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const details = await getOrder(app, buyer, orderId);
    expect(details.status).toBe('cancelled');
    expect(details.events[details.events.length - 1]).toMatchObject({ fromStatus: 'pending_payment', toStatus: 'cancelled', actor: 'system', actorUsername: null });
    expect(await productStock(app, productId)).toMatchObject({ stock: 100, reserved: 0 });
    const paying = await act(app, buyer, orderId, { action: 'pay' });
    expect(paying.statusCode).toBe(409);
  });

  it('an unpaid order past its window lapses when someone acts on it, even before the timer runs', async () => {
    const { app } = testApp;
    const { orderId, productId } = await orderIn('pending_payment', 'pickup');
    await app.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
    const paying = await act(app, buyer, orderId, { action: 'pay' });
    expect(paying.statusCode).toBe(409);
    expect(paying.json().error.message).toContain('not paid within 15 minutes');
    const details = await getOrder(app, buyer, orderId);
    expect(details.status).toBe('cancelled');
    expect(details.events[details.events.length - 1]).toMatchObject({ actor: 'system', toStatus: 'cancelled' });
    expect(await productStock(app, productId)).toMatchObject({ reserved: 0 });
  });

  it('auto-completes delivered orders after AUTO_COMPLETE_DAYS and releases the escrow', async () => {
    const { app } = testApp;
    const { orderId } = await orderIn('delivered');
    const sellerBefore = (await balances(app, farmOfOrders.id)).availableMinor;
    await sweepOrderTimers(app, new Date(Date.now() + 2 * 24 * 3600_000));
    expect((await getOrder(app, buyer, orderId)).status).toBe('delivered');
    expect((await sweepOrderTimers(app, new Date(Date.now() + 3 * 24 * 3600_000 + 60_000))).completed).toBeGreaterThanOrEqual(1);
    const details = await getOrder(app, buyer, orderId);
    expect(details.status).toBe('completed');
    expect(details.events[details.events.length - 1]).toMatchObject({ actor: 'system', toStatus: 'completed' });
    expect((await balances(app, farmOfOrders.id)).availableMinor).toBe(sellerBefore + 900);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('two sweeps at once complete each order once', async () => {
    const { app } = testApp;
    const first = await orderIn('delivered');
    const second = await orderIn('delivered');
    const later = new Date(Date.now() + 4 * 24 * 3600_000);
    const results = await Promise.all([sweepOrderTimers(app, later), sweepOrderTimers(app, later)]);
    expect(results[0].completed + results[1].completed).toBeGreaterThanOrEqual(2);
    for (const { orderId } of [first, second]) {
      const details = await getOrder(app, buyer, orderId);
      expect(details.events.filter((event) => event.toStatus === 'completed')).toHaveLength(1);
    }
    expect(await ledgerTotal(app)).toBe(0);
  });
});

describe('POST /api/orders/:id/final-weights', () => {
  it('re-prices weighed lines (half down) and returns the difference to the buyer at once', async () => {
    const { app } = testApp;
    const { order } = await placePaidOrder(app, { buyer, seller, quantity: 2, priceMinor: 333, unit: 'kg', fulfilment: 'delivery' });
    await mustAct(order.id, 'seller', { action: 'accept' });
    const details = await getOrder(app, seller, order.id);
    const itemId = details.items[0]?.id ?? '';
    const before = await balances(app, buyer.id);
    const response = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/final-weights`,
      headers: bearer(seller.token),
      payload: { items: [{ itemId, finalQuantity: 1.5 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as TOrderDetails;
    // 1.5 kg x 3.33 = 4.995 -> 4.99 (half down); 6.66 - 4.99 = 1.67 back.
    expect(after.items[0]).toMatchObject({ finalQuantity: 1.5, lineTotalMinor: 499 });
    expect(after.refundedMinor).toBe(167);
    expect(after.events[after.events.length - 1]).toMatchObject({ note: 'Final weight recorded', actor: 'seller' });
    const now = await balances(app, buyer.id);
    expect(now.availableMinor - before.availableMinor).toBe(167);
    expect(before.escrowMinor - now.escrowMinor).toBe(167);
    expect(await ledgerTotal(app)).toBe(0);

    const again = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/final-weights`, headers: bearer(seller.token), payload: { items: [{ itemId, finalQuantity: 1 }] } });
    expect(again.statusCode).toBe(409);

    // Completion pays the farm on what was really sold: 499 less 10% (49) = 450.
    for (const action of ['mark_ready', 'hand_over']) await mustAct(order.id, 'seller', { action });
    await mustAct(order.id, 'seller', { action: 'mark_delivered', confirmationCode: await codeOf(order.id) });
    const sellerBefore = (await balances(app, seller.id)).availableMinor;
    await mustAct(order.id, 'buyer', { action: 'confirm_receipt' });
    expect((await balances(app, seller.id)).availableMinor - sellerBefore).toBe(450);
    expect(await ledgerTotal(app)).toBe(0);
  });

  it('refuses more than ordered (400), items not sold by weight (400), the buyer (403), strangers (404), and the wrong status (409)', async () => {
    const { app } = testApp;
    const { order } = await placePaidOrder(app, { buyer, seller, quantity: 2, unit: 'kg' });
    const itemId = (await getOrder(app, seller, order.id)).items[0]?.id ?? '';
    const post = (user: TestUser, finalQuantity: number) =>
      app.inject({ method: 'POST', url: `/api/orders/${order.id}/final-weights`, headers: bearer(user.token), payload: { items: [{ itemId, finalQuantity }] } });
    expect((await post(seller, 1)).statusCode).toBe(409); // still only paid
    await mustAct(order.id, 'seller', { action: 'accept' });
    const tooMuch = await post(seller, 2.5);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields['items.0.finalQuantity']).toContain('At most 2 kg');
    expect((await post(buyer, 1)).statusCode).toBe(403);
    expect((await post(stranger, 1)).statusCode).toBe(404);

    const pieces = await placePaidOrder(app, { buyer, seller, quantity: 2, unit: 'piece' });
    await mustAct(pieces.order.id, 'seller', { action: 'accept' });
    const pieceItem = (await getOrder(app, seller, pieces.order.id)).items[0]?.id ?? '';
    const notWeighed = await app.inject({ method: 'POST', url: `/api/orders/${pieces.order.id}/final-weights`, headers: bearer(seller.token), payload: { items: [{ itemId: pieceItem, finalQuantity: 1 }] } });
    expect(notWeighed.statusCode).toBe(400);
  });
});
