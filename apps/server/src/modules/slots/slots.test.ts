import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeliverySlot, TSlotListResponse } from '@pulse/contract/orders';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createBuyer, createSeller, createSlot, type TestUser } from '../orders/testing/order-fixtures';

let testApp: TestApp;
let seller: TestUser;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
  seller = await createSeller(testApp.app);
});

afterAll(async () => {
  await testApp.close();
});

function slotBody(hoursAhead: number, method: 'pickup' | 'delivery' = 'pickup', capacity: number | null = 5) {
  const startsAt = new Date(Date.now() + hoursAhead * 3600_000);
  return {
    method,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString(),
    cutoffAt: new Date(startsAt.getTime() - 3600_000).toISOString(),
    capacity,
  };
}

describe('POST /api/seller/slots', () => {
  it('lets a seller publish a slot, listed publicly with the places left', async () => {
    const { app } = testApp;
    const response = await app.inject({ method: 'POST', url: '/api/seller/slots', headers: bearer(seller.token), payload: slotBody(48) });
    expect(response.statusCode).toBe(201);
    const slot = response.json() as TDeliverySlot;
    expect(slot).toMatchObject({ sellerUserId: seller.id, method: 'pickup', remaining: 5 });

    const list = await app.inject({ method: 'GET', url: `/api/sellers/${seller.id}/slots` });
    expect(list.statusCode).toBe(200);
    expect((list.json() as TSlotListResponse).items.map((item) => item.id)).toContain(slot.id);
  });

  it('refuses buyers (403), visitors (401) and bad windows (400 with the field)', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    expect((await app.inject({ method: 'POST', url: '/api/seller/slots', headers: bearer(buyer.token), payload: slotBody(48) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/seller/slots', payload: slotBody(48) })).statusCode).toBe(401);

    const backwards = { ...slotBody(48), endsAt: new Date(Date.now() + 47 * 3600_000).toISOString() };
    const bad = await app.inject({ method: 'POST', url: '/api/seller/slots', headers: bearer(seller.token), payload: backwards });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.endsAt).toBe('The slot must end after it starts');

    const past = await app.inject({ method: 'POST', url: '/api/seller/slots', headers: bearer(seller.token), payload: slotBody(0.5) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.cutoffAt).toContain('already passed');
  });
});

describe('GET /api/sellers/:userId/slots', () => {
  it('lists only bookable slots (cut-off ahead, room left), soonest first, filtered by method', async () => {
    const { app } = testApp;
    const farm = await createSeller(app, 'Slot Farm');
    const now = Date.now();
    const later = await createSlot(app, farm.id, { method: 'delivery', startsAt: new Date(now + 72 * 3600_000), endsAt: new Date(now + 74 * 3600_000), cutoffAt: new Date(now + 70 * 3600_000) });
    const sooner = await createSlot(app, farm.id, { method: 'pickup', startsAt: new Date(now + 24 * 3600_000), endsAt: new Date(now + 26 * 3600_000), cutoffAt: new Date(now + 20 * 3600_000) });
    await createSlot(app, farm.id, { startsAt: new Date(now + 3600_000), endsAt: new Date(now + 7200_000), cutoffAt: new Date(now - 60_000) });
    await createSlot(app, farm.id, { capacity: 2, bookedCount: 2 });

    const all = (await app.inject({ method: 'GET', url: `/api/sellers/${farm.id}/slots` })).json() as TSlotListResponse;
    expect(all.items.map((item) => item.id)).toEqual([sooner, later]);
    const delivery = (await app.inject({ method: 'GET', url: `/api/sellers/${farm.id}/slots?method=delivery` })).json() as TSlotListResponse;
    expect(delivery.items.map((item) => item.id)).toEqual([later]);
    expect((await app.inject({ method: 'GET', url: `/api/sellers/${farm.id}/slots?method=drone` })).statusCode).toBe(400);
  });
});

describe('DELETE /api/seller/slots/:slotId', () => {
  it("deletes the seller's own slot; another seller's is 404", async () => {
    const { app } = testApp;
    const other = await createSeller(app, 'Other Farm');
    const slotId = await createSlot(app, seller.id);
    expect((await app.inject({ method: 'DELETE', url: `/api/seller/slots/${slotId}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/seller/slots/${slotId}`, headers: bearer(seller.token) })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/seller/slots/${slotId}`, headers: bearer(seller.token) })).statusCode).toBe(404);
  });
});
