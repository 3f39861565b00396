import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TStandingDemandResponse,
  TStandingOrderDetail,
  TStandingOrderListResponse,
  TStandingOrderPreviewResponse,
} from '@pulse/contract/standing-orders';
import { ZStandingOrderDetail, ZStandingOrderListResponse } from '@pulse/contract/standing-orders';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { domainEvents } from '../../lib/domain-events';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createAddress, createBuyer, createProduct, createSeller, createSlot, fundWallet, type TestUser } from '../orders/testing/order-fixtures';
import { addDays, dayOf } from './standing-order-calendar';
import type { StandingProductWithdrawnEvent } from './standing-order-events';

let testApp: TestApp;
let farm: TestUser;
let otherFarm: TestUser;
const DAY_MS = 86_400_000;
const withdrawn: StandingProductWithdrawnEvent[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off', RATE_LIMIT_REGISTER_PER_HOUR: '100000' });
  farm = await createSeller(testApp.app, 'Basket Farm');
  otherFarm = await createSeller(testApp.app, 'Other Basket Farm');
  domainEvents.afterCommit('standing_order.product_withdrawn', 'standing-orders-test', (event) => {
    withdrawn.push(event);
  });
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

/** A pickup slot of the farm starting in `days` days (cut-off 12 h before). */
async function slotIn(seller: TestUser, days: number, method: 'pickup' | 'delivery' = 'pickup', cutoffHoursBefore = 12) {
  const startsAt = new Date(Math.floor((Date.now() + days * DAY_MS) / 60_000) * 60_000);
  const id = await createSlot(testApp.app, seller.id, { method, startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000), cutoffAt: new Date(startsAt.getTime() - cutoffHoursBefore * 3_600_000) });
  return { id, startsAt };
}

function post(user: TestUser, url: string, payload: Record<string, unknown> = {}) {
  return testApp.app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
}

async function create(buyer: TestUser, body: Record<string, unknown>): Promise<TStandingOrderDetail> {
  const response = await post(buyer, '/api/standing-orders', body);
  expect(response.statusCode, response.body).toBe(201);
  return ZStandingOrderDetail.parse(response.json());
}

async function detail(buyer: TestUser, id: string): Promise<TStandingOrderDetail> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/standing-orders/${id}`, headers: bearer(buyer.token) });
  expect(response.statusCode, response.body).toBe(200);
  return ZStandingOrderDetail.parse(response.json());
}

/** A buyer with a weekly basket of `quantity` x a 250-cent product of the farm, at a slot in 2 days. */
async function basketOf(quantity = 3, seller = farm) {
  const buyer = await createBuyer(testApp.app);
  const productId = await createProduct(testApp.app, seller.id, { title: 'Kale', priceMinor: 250, stockQuantity: 100 });
  const slot = await slotIn(seller, 2);
  const standing = await create(buyer, { sellerUserId: seller.id, lines: [{ productId, quantity }], fulfilment: 'pickup', firstSlotId: slot.id });
  return { buyer, productId, slot, standing };
}

describe('making a weekly basket', () => {
  it('creates one from a farm slot, reads it back with the next cycle, and a second POST is 409', async () => {
    const { buyer, productId, slot, standing } = await basketOf(3);
    expect(standing).toMatchObject({ status: 'active', shopName: 'Basket Farm', intervalWeeks: 1, startsOn: dayOf(slot.startsAt), lineCount: 1 });
    expect(standing.next).toMatchObject({ cycleDate: dayOf(slot.startsAt), skipped: false, subtotalMinor: 750, estimatedTotalMinor: 750, leftOut: [], priceAboveLimit: false });
    expect(standing.next?.slot?.id).toBe(slot.id);
    expect(standing.next?.placesAt).toBe(new Date(slot.startsAt.getTime() - 24 * 3_600_000).toISOString());

    const list = await testApp.app.inject({ method: 'GET', url: '/api/standing-orders', headers: bearer(buyer.token) });
    const items = ZStandingOrderListResponse.parse(list.json()).items;
    expect(items.map((item) => item.id)).toEqual([standing.id]);
    const read = await detail(buyer, standing.id);
    expect(read.lines).toMatchObject([{ productId, title: 'Kale', quantity: 3, acceptedUnitPriceMinor: 250, unitPriceMinor: 250, availability: 'active' }]);
    expect(read.cycles).toEqual([]);

    const again = await post(buyer, '/api/standing-orders', { sellerUserId: farm.id, lines: [{ productId, quantity: 1 }], fulfilment: 'pickup', firstSlotId: slot.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You already have a weekly basket from this farm. Change it instead.');
    const inFrench = await testApp.app.inject({
      method: 'POST',
      url: '/api/standing-orders',
      headers: { ...bearer(buyer.token), 'accept-language': 'fr' },
      payload: { sellerUserId: farm.id, lines: [{ productId, quantity: 1 }], fulfilment: 'pickup', firstSlotId: slot.id },
    });
    expect(inFrench.json().error.message).toBe('Vous avez déjà un panier hebdomadaire de cette ferme. Modifiez-le plutôt.');
  });

  it('two POSTs at once (a double click) make one weekly basket', async () => {
    const buyer = await createBuyer(testApp.app);
    const productId = await createProduct(testApp.app, farm.id, { title: 'Cassava' });
    const slot = await slotIn(farm, 2);
    const body = { sellerUserId: farm.id, lines: [{ productId, quantity: 2 }], fulfilment: 'pickup', firstSlotId: slot.id };
    const answers = await Promise.all([post(buyer, '/api/standing-orders', body), post(buyer, '/api/standing-orders', body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const list = (await testApp.app.inject({ method: 'GET', url: '/api/standing-orders', headers: bearer(buyer.token) })).json() as TStandingOrderListResponse;
    expect(list.items).toHaveLength(1);
    // One "your weekly basket is set" mail, queued with the one that committed.
    const mails = await testApp.app.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, buyer.id), eq(mailOutbox.kind, 'standing_order_created')));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your weekly basket from Basket Farm is set']);
  });

  it('previews the first cycle: its date, lines, delivery fee and total, with the following date and the wallet', async () => {
    const buyer = await createBuyer(testApp.app);
    await fundWallet(testApp.app, buyer.id, 5_000);
    const addressId = await createAddress(testApp.app, buyer.id);
    const productId = await createProduct(testApp.app, farm.id, { title: 'Eggs', priceMinor: 400, stockQuantity: 50 });
    const slot = await slotIn(farm, 3, 'delivery');
    const response = await post(buyer, '/api/standing-orders/preview', {
      sellerUserId: farm.id,
      lines: [{ productId, quantity: 2 }],
      fulfilment: 'delivery',
      addressId,
      firstSlotId: slot.id,
      intervalWeeks: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json() as TStandingOrderPreviewResponse;
    const fee = testApp.config.deliveryFeeBands[0]?.feeMinor ?? 0;
    expect(preview).toMatchObject({ shopName: 'Basket Farm', walletAvailableMinor: 5_000, followingCycleDate: addDays(dayOf(slot.startsAt), 14) });
    expect(preview.lines).toMatchObject([{ productId, title: 'Eggs', quantity: 2, unitPriceMinor: 400, acceptedUnitPriceMinor: 400, availability: 'active' }]);
    expect(preview.next).toMatchObject({ cycleDate: dayOf(slot.startsAt), subtotalMinor: 800, deliveryFeeMinor: fee, estimatedTotalMinor: 800 + fee });
    // Nothing made.
    const list = (await testApp.app.inject({ method: 'GET', url: '/api/standing-orders', headers: bearer(buyer.token) })).json() as TStandingOrderListResponse;
    expect(list.items).toEqual([]);
  });

  it('refuses another farm’s product, an inactive or not-offered product, another farm’s slot, a closed slot and the farm’s own basket', async () => {
    const buyer = await createBuyer(testApp.app);
    const good = await createProduct(testApp.app, farm.id, { title: 'Carrots' });
    const elsewhere = await createProduct(testApp.app, otherFarm.id, { title: 'Onions' });
    const paused = await createProduct(testApp.app, farm.id, { title: 'Okra', status: 'paused' });
    const declined = await createProduct(testApp.app, farm.id, { title: 'Yams', acceptsStandingOrders: false });
    const slot = await slotIn(farm, 2);
    const otherSlot = await slotIn(otherFarm, 2);
    const closed = await slotIn(farm, 1, 'pickup', 30);
    const body = (lines: Array<{ productId: string; quantity: number }>, firstSlotId = slot.id) => ({ sellerUserId: farm.id, lines, fulfilment: 'pickup', firstSlotId });

    const refusal = async (payload: Record<string, unknown>, status: number, message: string, user = buyer) => {
      const response = await post(user, '/api/standing-orders', payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toBe(message);
    };
    await refusal(body([{ productId: elsewhere, quantity: 1 }]), 400, "Choose products of Basket Farm: a weekly basket holds one farm's products.");
    await refusal(body([{ productId: paused, quantity: 1 }]), 400, 'Okra is not available at the moment.');
    await refusal(body([{ productId: declined, quantity: 1 }]), 400, 'Yams is not offered for weekly baskets.');
    await refusal(body([{ productId: good, quantity: 1 }], otherSlot.id), 400, 'Choose a slot offered by Basket Farm.');
    await refusal(body([{ productId: good, quantity: 1 }], closed.id), 409, 'Orders for that slot of Basket Farm are closed. Choose another slot.');
    await refusal(body([{ productId: good, quantity: 1 }]), 400, 'You cannot buy your own product (Carrots).', farm);
    const other = await createBuyer(testApp.app);
    const deliverySlot = await slotIn(farm, 2, 'delivery');
    const notYours = { ...body([{ productId: good, quantity: 1 }], deliverySlot.id), fulfilment: 'delivery', addressId: await createAddress(testApp.app, other.id) };
    await refusal(notYours, 404, 'Address not found.');
    await refusal({ ...notYours, fulfilment: 'pickup' }, 400, 'That slot of Basket Farm is for delivery, not pickup.');
  });
});

describe('managing a weekly basket', () => {
  it('skips the next cycle and takes the skip back; a day that is not a cycle day or has passed is 400', async () => {
    const { buyer, standing } = await basketOf(2);
    const cycleDate = standing.next?.cycleDate ?? '';
    const skipped = await post(buyer, `/api/standing-orders/${standing.id}/skip`, { cycleDate });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect((skipped.json() as TStandingOrderDetail).next).toMatchObject({ cycleDate, skipped: true });
    expect((skipped.json() as TStandingOrderDetail).cycles).toMatchObject([{ cycleDate, status: 'skipped' }]);

    const back = await post(buyer, `/api/standing-orders/${standing.id}/skip`, { cycleDate, skip: false });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as TStandingOrderDetail).next).toMatchObject({ cycleDate, skipped: false });
    expect((back.json() as TStandingOrderDetail).cycles).toEqual([]);

    expect((await post(buyer, `/api/standing-orders/${standing.id}/skip`, { cycleDate: addDays(cycleDate, 1) })).statusCode).toBe(400);
    expect((await post(buyer, `/api/standing-orders/${standing.id}/skip`, { cycleDate: addDays(cycleDate, -7) })).statusCode).toBe(400);
  });

  it('pausing until a day moves the next cycle past it; resuming brings it back; cancelling ends it', async () => {
    const { buyer, standing } = await basketOf(2);
    const cycleDate = standing.next?.cycleDate ?? '';
    const paused = await post(buyer, `/api/standing-orders/${standing.id}/pause`, { until: addDays(cycleDate, 1) });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'paused', pausedUntil: addDays(cycleDate, 1), next: { cycleDate: addDays(cycleDate, 7) } });
    expect((await post(buyer, `/api/standing-orders/${standing.id}/pause`, { until: dayOf(new Date()) })).statusCode).toBe(400);

    const resumed = await post(buyer, `/api/standing-orders/${standing.id}/resume`);
    expect(resumed.json()).toMatchObject({ status: 'active', pausedUntil: null, next: { cycleDate } });

    const cancelled = await post(buyer, `/api/standing-orders/${standing.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', next: null });
    expect((await post(buyer, `/api/standing-orders/${standing.id}/skip`, { cycleDate })).statusCode).toBe(409);
  });

  it('changing the lines changes the next cycle’s estimate', async () => {
    const { buyer, standing } = await basketOf(2);
    const beans = await createProduct(testApp.app, farm.id, { title: 'Beans', priceMinor: 1_000 });
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/standing-orders/${standing.id}`,
      headers: bearer(buyer.token),
      payload: { lines: [{ productId: beans, quantity: 3 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = ZStandingOrderDetail.parse(response.json());
    expect(changed.lines.map((line) => [line.title, line.quantity])).toEqual([['Beans', 3]]);
    expect(changed.next).toMatchObject({ cycleDate: standing.next?.cycleDate, subtotalMinor: 3_000, estimatedTotalMinor: 3_000 });
  });

  it('another buyer gets 404 on every route of one weekly basket', async () => {
    const { standing } = await basketOf(1);
    const stranger = await createBuyer(testApp.app);
    const id = standing.id;
    const cycleDate = standing.next?.cycleDate ?? '';
    const calls = [
      testApp.app.inject({ method: 'GET', url: `/api/standing-orders/${id}`, headers: bearer(stranger.token) }),
      testApp.app.inject({ method: 'PATCH', url: `/api/standing-orders/${id}`, headers: bearer(stranger.token), payload: { priceIncreaseLimitPercent: 5 } }),
      post(stranger, `/api/standing-orders/${id}/skip`, { cycleDate }),
      post(stranger, `/api/standing-orders/${id}/pause`, { until: addDays(cycleDate, 1) }),
      post(stranger, `/api/standing-orders/${id}/resume`),
      post(stranger, `/api/standing-orders/${id}/cancel`),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
  });
});

describe('the farm’s side', () => {
  it('sums the next 7 days’ cycles per product, leaving out skipped ones', async () => {
    const farmer = await createSeller(testApp.app, 'Demand Farm');
    const productId = await createProduct(testApp.app, farmer.id, { title: 'Plantain', stockQuantity: 40 });
    const slot = await slotIn(farmer, 2);
    const buyers = await Promise.all([createBuyer(testApp.app), createBuyer(testApp.app), createBuyer(testApp.app)]);
    const made = [];
    for (const [index, buyer] of buyers.entries()) {
      made.push(await create(buyer, { sellerUserId: farmer.id, lines: [{ productId, quantity: index + 2 }], fulfilment: 'pickup', firstSlotId: slot.id }));
    }
    const third = buyers[2];
    const thirdOrder = made[2];
    if (!third || !thirdOrder) throw new Error('three baskets expected');
    expect((await post(third, `/api/standing-orders/${thirdOrder.id}/skip`, { cycleDate: dayOf(slot.startsAt) })).statusCode).toBe(200);

    const response = await testApp.app.inject({ method: 'GET', url: '/api/seller/standing-demand', headers: bearer(farmer.token) });
    expect(response.statusCode, response.body).toBe(200);
    const demand = response.json() as TStandingDemandResponse;
    expect(demand).toMatchObject({ standingOrderCount: 3, cycleCount: 2 });
    expect(demand.products).toEqual([{ productId, title: 'Plantain', unit: 'kg', quantity: 2 + 3, buyers: 2, available: 40 }]);

    // A basket paused over that day orders nothing that week.
    const second = buyers[1];
    const secondOrder = made[1];
    if (!second || !secondOrder) throw new Error('three baskets expected');
    expect((await post(second, `/api/standing-orders/${secondOrder.id}/pause`, { until: addDays(dayOf(slot.startsAt), 1) })).statusCode).toBe(200);
    const paused = (await testApp.app.inject({ method: 'GET', url: '/api/seller/standing-demand', headers: bearer(farmer.token) })).json() as TStandingDemandResponse;
    expect(paused).toMatchObject({ standingOrderCount: 2, cycleCount: 1, products: [{ productId, quantity: 2, buyers: 1 }] });

    const buyer = buyers[0];
    if (!buyer) throw new Error('a buyer expected');
    expect((await testApp.app.inject({ method: 'GET', url: '/api/seller/standing-demand', headers: bearer(buyer.token) })).statusCode).toBe(403);
  });

  it('pausing a product tells its standing buyers (product_withdrawn), and the product says whether it takes weekly baskets', async () => {
    const { buyer, productId } = await basketOf(1);
    const before = await testApp.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    expect(before.json()).toMatchObject({ acceptsStandingOrders: true });
    withdrawn.length = 0;
    const response = await testApp.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, headers: bearer(farm.token), payload: { status: 'paused', acceptsStandingOrders: false } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'paused', acceptsStandingOrders: false });
    expect(withdrawn).toEqual([{ productId, title: 'Kale', sellerUserId: farm.id, shopName: 'Basket Farm', status: 'paused', buyerUserIds: [buyer.id] }]);
    // Paused again: nothing new to tell.
    await testApp.app.inject({ method: 'PATCH', url: `/api/products/${productId}`, headers: bearer(farm.token), payload: { status: 'paused' } });
    expect(withdrawn).toHaveLength(1);
  });
});
