import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckoutQuoteResponse, TCheckoutResponse } from '@pulse/contract/orders';
import { eq } from 'drizzle-orm';
import { basketItems } from '../../db/schema/basket-items';
import { deliverySlots } from '../../db/schema/delivery-slots';
import { orders } from '../../db/schema/orders';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import {
  balances,
  checkout,
  createAddress,
  createBuyer,
  createProduct,
  createSeller,
  createSlot,
  fundWallet,
  getOrder,
  ledgerTotal,
  nextKey,
  placePaidOrder,
  productStock,
  putInBasket,
} from '../orders/testing/order-fixtures';
import { addresses } from '../../db/schema/addresses';
import { sellerApplications } from '../../db/schema/seller-applications';
import { sellerProfiles } from '../../db/schema/seller-profiles';
import { refreshGazetteer } from '../places/gazetteer';
import { ADDRESS_NOT_LOCATED_MESSAGE } from './checkout-service';
import { haversineKm, quoteDelivery } from './delivery-fees';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
});

afterAll(async () => {
  await testApp.close();
});

describe('delivery fee bands', () => {
  const bands = [
    { upToKm: 5, feeMinor: 300 },
    { upToKm: 15, feeMinor: 600 },
    { upToKm: 40, feeMinor: 1200 },
  ];

  it('measures great-circle distance (Accra to Kumasi is about 200 km)', () => {
    expect(haversineKm({ lat: 5.6037, lng: -0.187 }, { lat: 6.6885, lng: -1.6244 })).toBeGreaterThan(190);
    expect(haversineKm({ lat: 5.6037, lng: -0.187 }, { lat: 6.6885, lng: -1.6244 })).toBeLessThan(210);
  });

  it('charges the band the distance falls in, never prices an address off the map, nothing beyond the last band', () => {
    const farm = { lat: 6.6885, lng: -1.6244 };
    expect(quoteDelivery(bands, farm, { lat: 6.69, lng: -1.63 }).feeMinor).toBe(300);
    expect(quoteDelivery(bands, farm, { lat: 6.6885 + 0.09, lng: -1.6244 }).feeMinor).toBe(600); // ~10 km
    expect(quoteDelivery(bands, farm, { lat: 6.6885 + 0.27, lng: -1.6244 }).feeMinor).toBe(1200); // ~30 km
    expect(quoteDelivery(bands, farm, { lat: 5.6037, lng: -0.187 })).toMatchObject({ feeMinor: null, refusal: 'too_far' });
    // No silent top band: an address without coordinates is not priced at all.
    expect(quoteDelivery(bands, farm, { lat: null, lng: null })).toEqual({ distanceKm: null, feeMinor: null, refusal: 'address_not_located' });
    // A farm that gave no point costs the highest band (shown in the quote before paying).
    expect(quoteDelivery(bands, { lat: null, lng: null }, { lat: 6.69, lng: -1.63 })).toEqual({ distanceKm: null, feeMinor: 1200, refusal: null });
  });
});

describe('POST /api/checkout/quote', () => {
  it('prices each farm of the basket with its fee, slots and the wallet balance', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const farmA = await createSeller(app, 'Green Valley Farm');
    const farmB = await createSeller(app, 'Hill Top Orchard');
    const tomatoes = await createProduct(app, farmA.id, { title: 'Tomatoes', priceMinor: 250 });
    const mangoes = await createProduct(app, farmB.id, { title: 'Mangoes', priceMinor: 100, originLat: 6.6885 + 0.09 });
    await createSlot(app, farmA.id, { method: 'delivery' });
    await createSlot(app, farmB.id, { method: 'pickup' });
    await putInBasket(app, buyer.id, tomatoes, 4);
    await putInBasket(app, buyer.id, mangoes, 3);
    await fundWallet(app, buyer.id, 5000);
    const addressId = await createAddress(app, buyer.id);

    const response = await app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: bearer(buyer.token),
      payload: { addressId, sellers: [{ sellerUserId: farmA.id, fulfilment: 'delivery' }, { sellerUserId: farmB.id, fulfilment: 'pickup' }] },
    });
    expect(response.statusCode).toBe(200);
    const quote = response.json() as TCheckoutQuoteResponse;
    expect(quote.walletAvailableMinor).toBe(5000);
    expect(quote.currency).toBe('USD');
    const a = quote.sellers.find((seller) => seller.sellerUserId === farmA.id);
    const b = quote.sellers.find((seller) => seller.sellerUserId === farmB.id);
    expect(a).toMatchObject({ shopName: 'Green Valley Farm', subtotalMinor: 1000, deliveryFeeMinor: 300, totalMinor: 1300, deliveryAvailable: true, pickupAvailable: false });
    expect(a?.slots).toHaveLength(1);
    expect(b).toMatchObject({ shopName: 'Hill Top Orchard', subtotalMinor: 300, deliveryFeeMinor: 0, totalMinor: 300, pickupAvailable: true, deliveryAvailable: false });
    expect(quote.totalMinor).toBe(1600);
  });

  it('refuses an address of another user with 404', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const other = await createBuyer(app);
    const addressId = await createAddress(app, other.id);
    const response = await app.inject({ method: 'POST', url: '/api/checkout/quote', headers: bearer(buyer.token), payload: { addressId } });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/checkout', () => {
  async function basketWithOneFarm(quantity = 4, stock = 100) {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app);
    const productId = await createProduct(app, seller.id, { stockQuantity: stock, priceMinor: 250 });
    const slotId = await createSlot(app, seller.id, { method: 'pickup' });
    await putInBasket(app, buyer.id, productId, quantity);
    return { buyer, seller, productId, slotId };
  }

  it('creates a paid order per farm, reserves stock, moves the total to escrow and empties the basket', async () => {
    const { app } = testApp;
    const { buyer, seller, productId, slotId } = await basketWithOneFarm(4);
    await fundWallet(app, buyer.id, 2000);
    const response = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] });
    expect(response.statusCode).toBe(201);
    const body = response.json() as TCheckoutResponse;
    expect(body.replayed).toBe(false);
    expect(body.orders).toHaveLength(1);
    expect(body.orders[0]).toMatchObject({ status: 'paid', subtotalMinor: 1000, deliveryFeeMinor: 0, totalMinor: 1000, shopName: 'Green Valley Farm', itemCount: 1, firstItemTitle: 'Tomatoes' });
    expect(await productStock(app, productId)).toMatchObject({ stock: 100, reserved: 4 });
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 1000, escrowMinor: 1000 });
    expect(await app.db.select().from(basketItems).where(eq(basketItems.userId, buyer.id))).toHaveLength(0);
    expect(await ledgerTotal(app)).toBe(0);

    const details = await getOrder(app, buyer, body.orders[0]?.id ?? '');
    expect(details.confirmationCode).toMatch(/^\d{6}$/);
    expect(details.events.map((event) => [event.fromStatus, event.toStatus, event.actor])).toEqual([
      [null, 'pending_payment', 'buyer'],
      ['pending_payment', 'paid', 'buyer'],
    ]);
    const [slot] = await app.db.select().from(deliverySlots).where(eq(deliverySlots.id, slotId));
    expect(slot?.bookedCount).toBe(1);

    const notifications = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(seller.token) });
    expect(notifications.body).toContain('New order from');
  });

  it('charges delivery by distance band and keeps the address as it was', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app);
    const productId = await createProduct(app, seller.id, { priceMinor: 500 });
    const slotId = await createSlot(app, seller.id, { method: 'delivery' });
    const addressId = await createAddress(app, buyer.id, { lat: 6.6885 + 0.09, lng: -1.6244 });
    await putInBasket(app, buyer.id, productId, 2);
    await fundWallet(app, buyer.id, 5000);
    const response = await checkout(app, buyer, { addressId, sellers: [{ sellerUserId: seller.id, fulfilment: 'delivery', slotId }] });
    expect(response.statusCode).toBe(201);
    const order = (response.json() as TCheckoutResponse).orders[0];
    expect(order).toMatchObject({ subtotalMinor: 1000, deliveryFeeMinor: 600, totalMinor: 1600 });
    const details = await getOrder(app, buyer, order?.id ?? '');
    expect(details.deliveryAddress).toMatchObject({ line1: '12 Market Road', city: 'Kumasi' });
    expect(details.distanceKm).toBeGreaterThan(9);
  });

  it('needs an address for delivery and refuses an address beyond the last band', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app);
    const productId = await createProduct(app, seller.id);
    const slotId = await createSlot(app, seller.id, { method: 'delivery' });
    await putInBasket(app, buyer.id, productId, 1);
    await fundWallet(app, buyer.id, 5000);
    const noAddress = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'delivery', slotId }] });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error.fields.addressId).toBe('Choose a delivery address.');

    const farAway = await createAddress(app, buyer.id, { lat: 5.6037, lng: -0.187 });
    const tooFar = await checkout(app, buyer, { addressId: farAway, sellers: [{ sellerUserId: seller.id, fulfilment: 'delivery', slotId }] });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error.message).toContain('does not deliver that far');
    expect(await productStock(app, productId)).toMatchObject({ reserved: 0 });
  });

  it('requires an Idempotency-Key header', async () => {
    const { app } = testApp;
    const { buyer, seller, slotId } = await basketWithOneFarm();
    const response = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] }, null);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Idempotency-Key header is required');
  });

  it('fails as a whole with 409 when the wallet is short, creating nothing', async () => {
    const { app } = testApp;
    const { buyer, seller, productId, slotId } = await basketWithOneFarm(4);
    await fundWallet(app, buyer.id, 999);
    const response = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('Top up your wallet');
    expect(await productStock(app, productId)).toMatchObject({ reserved: 0 });
    expect(await app.db.select().from(orders).where(eq(orders.buyerUserId, buyer.id))).toHaveLength(0);
    expect(await app.db.select().from(basketItems).where(eq(basketItems.userId, buyer.id))).toHaveLength(1);
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 999, escrowMinor: 0 });

    // Topping up and retrying with the same key works: the failed attempt left no trace.
    await fundWallet(app, buyer.id, 1);
    const retried = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] }, 'same-key-after-top-up');
    expect(retried.statusCode).toBe(201);
  });

  it('leaves the order awaiting payment with payNow false, for 15 minutes', async () => {
    const { app } = testApp;
    const { buyer, seller, productId, slotId } = await basketWithOneFarm(2);
    const response = await checkout(app, buyer, { payNow: false, sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] });
    expect(response.statusCode).toBe(201);
    const order = (response.json() as TCheckoutResponse).orders[0];
    expect(order?.status).toBe('pending_payment');
    const minutes = (Date.parse(order?.expiresAt ?? '') - Date.parse(order?.createdAt ?? '')) / 60_000;
    expect(minutes).toBeCloseTo(15, 1);
    expect(await productStock(app, productId)).toMatchObject({ reserved: 2 });
  });

  it('refuses more than what is left, naming the product, and rolls everything back', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app);
    const plenty = await createProduct(app, seller.id, { title: 'Onions', stockQuantity: 50 });
    const scarce = await createProduct(app, seller.id, { title: 'Tomatoes', stockQuantity: 3 });
    const slotId = await createSlot(app, seller.id);
    await putInBasket(app, buyer.id, plenty, 5);
    await putInBasket(app, buyer.id, scarce, 5);
    await fundWallet(app, buyer.id, 10_000);
    const response = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Only 3 left of Tomatoes');
    expect(await productStock(app, plenty)).toMatchObject({ reserved: 0 });
    expect(await productStock(app, scarce)).toMatchObject({ reserved: 0 });
  });

  it('checks the slot: another farm, the other method, past the cut-off, full', async () => {
    const { app } = testApp;
    const { buyer, seller, slotId } = await basketWithOneFarm(1);
    await fundWallet(app, buyer.id, 10_000);
    const otherFarm = await createSeller(app, 'Other Farm');
    const foreignSlot = await createSlot(app, otherFarm.id);
    const deliverySlot = await createSlot(app, seller.id, { method: 'delivery' });
    const now = Date.now();
    const closedSlot = await createSlot(app, seller.id, { startsAt: new Date(now + 3600_000), endsAt: new Date(now + 7200_000), cutoffAt: new Date(now - 60_000) });
    const fullSlot = await createSlot(app, seller.id, { capacity: 1, bookedCount: 1 });

    const foreign = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId: foreignSlot }] });
    expect(foreign.statusCode).toBe(400);
    const wrongMethod = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId: deliverySlot }] });
    expect(wrongMethod.statusCode).toBe(400);
    expect(wrongMethod.json().error.message).toContain('is for delivery');
    const closed = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId: closedSlot }] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toContain('closed');
    const full = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId: fullSlot }] });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toContain('full');

    const ok = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] });
    expect(ok.statusCode).toBe(201);
  });

  it('asks for a choice for every farm of the basket', async () => {
    const { app } = testApp;
    const { buyer, seller, slotId } = await basketWithOneFarm(1);
    const otherFarm = await createSeller(app, 'Second Farm');
    const other = await createProduct(app, otherFarm.id);
    await putInBasket(app, buyer.id, other, 1);
    await fundWallet(app, buyer.id, 10_000);
    const response = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Choose pickup or delivery for Second Farm.');
  });

  it('says the basket is empty', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app);
    const slotId = await createSlot(app, seller.id);
    const response = await checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Your basket is empty.');
  });

  it('returns the same orders for a retried key (200, replayed) and refuses the key with another body', async () => {
    const { app } = testApp;
    const { buyer, seller, productId, slotId } = await basketWithOneFarm(2);
    await fundWallet(app, buyer.id, 10_000);
    const key = nextKey('retry');
    const body = { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] };
    const first = await checkout(app, buyer, body, key);
    expect(first.statusCode).toBe(201);
    const again = await checkout(app, buyer, body, key);
    expect(again.statusCode).toBe(200);
    const replay = again.json() as TCheckoutResponse;
    expect(replay.replayed).toBe(true);
    expect(replay.orders.map((order) => order.id)).toEqual((first.json() as TCheckoutResponse).orders.map((order) => order.id));
    expect(await productStock(app, productId)).toMatchObject({ reserved: 2 });
    expect(await balances(app, buyer.id)).toMatchObject({ escrowMinor: 500 });

    const different = await checkout(app, buyer, { ...body, payNow: false }, key);
    expect(different.statusCode).toBe(409);
    expect(different.json().error.message).toBe('This Idempotency-Key was used for a different checkout');
  });

  it('creates one order for simultaneous requests with the same key', async () => {
    const { app } = testApp;
    const { buyer, seller, productId, slotId } = await basketWithOneFarm(3);
    await fundWallet(app, buyer.id, 10_000);
    const key = nextKey('simultaneous');
    const body = { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] };
    const responses = await Promise.all(Array.from({ length: 5 }, () => checkout(app, buyer, body, key)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((response) => (response.json() as TCheckoutResponse).orders[0]?.id));
    expect(ids.size).toBe(1);
    expect(await app.db.select().from(orders).where(eq(orders.buyerUserId, buyer.id))).toHaveLength(1);
    expect(await productStock(app, productId)).toMatchObject({ reserved: 3 });
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 10_000 - 750, escrowMinor: 750 });
  });

  it('never oversells: 20 buyers at once for the last 5 units, exactly 5 succeed', async () => {
    const { app } = testApp;
    const seller = await createSeller(app);
    const productId = await createProduct(app, seller.id, { title: 'Last crate of yams', unit: 'crate', stockQuantity: 5, priceMinor: 1000 });
    const slotId = await createSlot(app, seller.id);
    const buyers = [];
    for (let index = 0; index < 20; index += 1) {
      const buyer = await createBuyer(app);
      await fundWallet(app, buyer.id, 5000);
      await putInBasket(app, buyer.id, productId, 1);
      buyers.push(buyer);
    }
    const responses = await Promise.all(buyers.map((buyer) => checkout(app, buyer, { sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId }] })));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(15);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().error.message).toBe('Last crate of yams is sold out. Remove it from your basket.');
    }
    expect(await productStock(app, productId)).toMatchObject({ stock: 5, reserved: 5 });
    expect(await app.db.select().from(orders).where(eq(orders.sellerUserId, seller.id))).toHaveLength(5);
    expect(await ledgerTotal(app)).toBe(0);
    // 20 registrations (password hashing) and 20 checkouts: room for a busy machine.
  }, 120_000);
});

describe('pickup point (decision 038)', () => {
  it('the quote, the confirmation and the order page tell the buyer where to collect a pickup order: farm, place, point and phone; only the parties see it', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const farm = await createSeller(app, 'Pickup Point Farm');
    await app.db.update(sellerApplications).set({ phone: '+233 24 555 0101', region: 'Ashanti' }).where(eq(sellerApplications.userId, farm.id));
    const yams = await createProduct(app, farm.id, { title: 'Yams', originFarmName: 'Pickup Point Farm', originRegion: 'Ejisu', originLat: 6.72, originLng: -1.47 });
    const slotId = await createSlot(app, farm.id, { method: 'pickup' });
    await putInBasket(app, buyer.id, yams, 2);
    await fundWallet(app, buyer.id, 5000);
    const expected = { farmName: 'Pickup Point Farm', place: 'Ejisu', lat: 6.72, lng: -1.47, phone: '+233 24 555 0101' };

    const quoted = await app.inject({ method: 'POST', url: '/api/checkout/quote', headers: bearer(buyer.token), payload: { sellers: [{ sellerUserId: farm.id, fulfilment: 'pickup' }] } });
    expect(quoted.statusCode).toBe(200);
    expect((quoted.json() as TCheckoutQuoteResponse).sellers[0]?.pickupPoint).toEqual(expected);

    const body = { sellers: [{ sellerUserId: farm.id, fulfilment: 'pickup', slotId }] };
    const key = nextKey('pickup-point');
    const placed = await checkout(app, buyer, body, key);
    expect(placed.statusCode).toBe(201);
    const order = (placed.json() as TCheckoutResponse).orders[0]!;
    expect(order.pickupPoint).toEqual(expected);
    // A retried request answers the same confirmation.
    const replay = await checkout(app, buyer, body, key);
    expect((replay.json() as TCheckoutResponse).orders[0]?.pickupPoint).toEqual(expected);

    expect((await getOrder(app, buyer, order.id)).pickupPoint).toEqual(expected);
    expect((await getOrder(app, farm, order.id)).pickupPoint).toEqual(expected);
    const stranger = await createBuyer(app);
    const refused = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(stranger.token) });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('555 0101');
  });

  it('falls back to the shop for a product without an origin, and gives a delivery order none', async () => {
    const { app } = testApp;
    const farm = await createSeller(app, 'Shop Point Farm');
    await app.db.insert(sellerProfiles).values({ userId: farm.id, shopName: 'Shop Point Farm', region: 'Bono', lat: 7.33, lng: -2.33 });
    const buyer = await createBuyer(app);
    const beans = await createProduct(app, farm.id, { title: 'Beans', originLat: null, originLng: null });
    const slotId = await createSlot(app, farm.id, { method: 'pickup' });
    await putInBasket(app, buyer.id, beans, 1);
    await fundWallet(app, buyer.id, 5000);
    const placed = await checkout(app, buyer, { sellers: [{ sellerUserId: farm.id, fulfilment: 'pickup', slotId }] });
    expect(placed.statusCode).toBe(201);
    // No phone in the application: none is invented.
    expect((placed.json() as TCheckoutResponse).orders[0]?.pickupPoint).toEqual({ farmName: 'Shop Point Farm', place: 'Bono', lat: 7.33, lng: -2.33, phone: null });

    const delivered = await placePaidOrder(app, { fulfilment: 'delivery' });
    expect(delivered.order.pickupPoint ?? null).toBeNull();
    expect((await getOrder(app, delivered.buyer, delivered.order.id)).pickupPoint).toBeNull();
  });
});

describe('an address the server cannot place (decision 029)', () => {
  const place = { recipientName: 'Efua Boateng', phone: '+233 20 444 0101', line1: '3 Lantern Lane', city: 'Nowhere Creek', region: '' };

  async function saveAddress(token: string, body: object) {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/addresses', headers: bearer(token), payload: { ...place, ...body } });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; lat: number | null; locatedBy: string | null };
  }

  function quote(token: string, addressId: string, fulfilment: 'delivery' | 'pickup', sellerUserId: string) {
    return testApp.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: bearer(token), payload: { addressId, sellers: [{ sellerUserId, fulfilment }] } });
  }

  it('the quote says so, checkout refuses delivery with 400 and charges nothing; pickup still works; a pin gives the distance band', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app, 'Lantern Farm');
    const productId = await createProduct(app, seller.id, { priceMinor: 500 });
    const deliverySlot = await createSlot(app, seller.id, { method: 'delivery' });
    await createSlot(app, seller.id, { method: 'pickup' });
    await putInBasket(app, buyer.id, productId, 2);
    await fundWallet(app, buyer.id, 5000);
    const address = await saveAddress(buyer.token, {});
    expect(address).toMatchObject({ lat: null, locatedBy: null });

    const unplaced = (await quote(buyer.token, address.id, 'delivery', seller.id)).json() as TCheckoutQuoteResponse;
    expect(unplaced.addressNeedsPin).toBe(true);
    expect(unplaced.sellers[0]).toMatchObject({ deliveryAvailable: false, deliveryRefusal: 'address_not_located', deliveryFeeMinor: 0, pickupAvailable: true, farmLocation: { lat: 6.6885, lng: -1.6244 } });
    expect(unplaced.totalMinor).toBe(1000);

    const refused = await checkout(app, buyer, { addressId: address.id, sellers: [{ sellerUserId: seller.id, fulfilment: 'delivery', slotId: deliverySlot }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ message: ADDRESS_NOT_LOCATED_MESSAGE, fields: { addressId: ADDRESS_NOT_LOCATED_MESSAGE } });
    expect(await productStock(app, productId)).toMatchObject({ reserved: 0 });
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 5000, escrowMinor: 0 });

    // The pin: about 10 km from the farm, the second band.
    const pinned = await app.inject({
      method: 'PUT',
      url: `/api/addresses/${address.id}`,
      headers: bearer(buyer.token),
      payload: { ...place, lat: 6.6885 + 0.09, lng: -1.6244 },
    });
    expect(pinned.json()).toMatchObject({ locatedBy: 'pin' });
    const priced = (await quote(buyer.token, address.id, 'delivery', seller.id)).json() as TCheckoutQuoteResponse;
    expect(priced.addressNeedsPin).toBe(false);
    expect(priced.sellers[0]).toMatchObject({ deliveryAvailable: true, deliveryRefusal: null, deliveryFeeMinor: 600, totalMinor: 1600 });
    const placed = await checkout(app, buyer, { addressId: address.id, sellers: [{ sellerUserId: seller.id, fulfilment: 'delivery', slotId: deliverySlot }] });
    expect(placed.statusCode).toBe(201);
    expect((placed.json() as TCheckoutResponse).orders[0]).toMatchObject({ deliveryFeeMinor: 600, totalMinor: 1600 });
  });

  it('pickup is unaffected by an address off the map', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app, 'Lantern Pickup Farm');
    const productId = await createProduct(app, seller.id, { priceMinor: 500 });
    const pickupSlot = await createSlot(app, seller.id, { method: 'pickup' });
    await putInBasket(app, buyer.id, productId, 1);
    await fundWallet(app, buyer.id, 5000);
    const address = await saveAddress(buyer.token, {});
    const response = await checkout(app, buyer, { addressId: address.id, sellers: [{ sellerUserId: seller.id, fulfilment: 'pickup', slotId: pickupSlot }] });
    expect(response.statusCode).toBe(201);
    expect((response.json() as TCheckoutResponse).orders[0]).toMatchObject({ deliveryFeeMinor: 0, totalMinor: 500 });
  });

  it('an older address without coordinates in a known town is placed by the quote and priced by distance', async () => {
    const { app } = testApp;
    const buyer = await createBuyer(app);
    const seller = await createSeller(app, 'Old Address Farm');
    const productId = await createProduct(app, seller.id, { priceMinor: 500 });
    await createSlot(app, seller.id, { method: 'delivery' });
    await putInBasket(app, buyer.id, productId, 1);
    // Someone's pinned address makes the town known; the buyer's row predates placing on save.
    const neighbour = await createBuyer(app);
    const row = { recipientName: 'Kofi', phone: '+233 20 000 0001', line1: '1 Old Road', city: 'Bekwai' };
    await app.db.insert(addresses).values({ ...row, userId: neighbour.id, lat: 6.6885 + 0.09, lng: -1.6244, locatedBy: 'pin' });
    // The quote reads the cached gazetteer (read again every 5 minutes): as if that time had passed.
    await refreshGazetteer(app.db);
    const [old] = await app.db
      .insert(addresses)
      .values({ ...row, userId: buyer.id, lat: null, lng: null })
      .returning({ id: addresses.id });
    const result = (await quote(buyer.token, old?.id ?? '', 'delivery', seller.id)).json() as TCheckoutQuoteResponse;
    expect(result.addressNeedsPin).toBe(false);
    expect(result.sellers[0]).toMatchObject({ deliveryAvailable: true, deliveryRefusal: null, deliveryFeeMinor: 600 });
    const [placed] = await app.db.select({ locatedBy: addresses.locatedBy, lat: addresses.lat }).from(addresses).where(eq(addresses.id, old?.id ?? ''));
    expect(placed).toEqual({ locatedBy: 'town', lat: 6.6885 + 0.09 });
  });
});
