import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { ASSISTANT_SIGN_IN_MESSAGE, type TAssistantBlock, type TAssistantOrder } from '@pulse/contract/assistant';
import type { TBasketResponse } from '@pulse/contract/baskets';
import type { TProductSummary } from '@pulse/contract/products';
import { users, type UserRow } from '../../db/schema/users';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createBuyer, createProduct, createSeller, placePaidOrder, type TestUser } from '../orders/testing/order-fixtures';
import { NotFoundError } from '../../errors/domain-errors';
import { ORDER_NOT_FOUND_TEXT, runAssistantTool, type AddToBasketData, type OrderStatusData, type SearchProductsData } from './assistant-tools';

/** The typed tools as the engine, the model and MCP call them: the same services as the API, as the caller. */

const KUMASI = { lat: 6.6885, lng: -1.6244 };
const TAMALE = { lat: 9.4075, lng: -0.8533 };
const DAY = 24 * 3600_000;

let testApp: TestApp;
let seller: TestUser;
let organicKumasi: string;
let cheapKumasi: string;
let organicTamale: string;
let soldOut: string;
let oldHarvest: string;

async function userRow(id: string): Promise<UserRow> {
  const [row] = await testApp.app.db.select().from(users).where(eq(users.id, id));
  return row!;
}

function productsOf(blocks: TAssistantBlock[]): TProductSummary[] {
  const block = blocks.find((item) => item.type === 'products');
  return block?.type === 'products' ? block.items : [];
}

beforeAll(async () => {
  testApp = await createTestApp();
  const app = testApp.app;
  seller = await createSeller(app, 'Ashanti Fresh');
  const isoDay = (offsetDays: number) => new Date(Date.now() - offsetDays * DAY).toISOString().slice(0, 10);
  organicKumasi = await createProduct(app, seller.id, {
    title: 'Organic Roma Tomatoes',
    organic: true,
    priceMinor: 450,
    originRegion: 'Kumasi, Ashanti',
    originLat: KUMASI.lat,
    originLng: KUMASI.lng,
    harvestDate: isoDay(2),
  });
  cheapKumasi = await createProduct(app, seller.id, {
    title: 'Beef Tomatoes',
    organic: false,
    priceMinor: 300,
    originRegion: 'Kumasi, Ashanti',
    originLat: KUMASI.lat + 0.05,
    originLng: KUMASI.lng,
    harvestDate: isoDay(1),
  });
  organicTamale = await createProduct(app, seller.id, {
    title: 'Organic Cherry Tomatoes',
    organic: true,
    priceMinor: 400,
    originRegion: 'Tamale, Northern',
    originLat: TAMALE.lat,
    originLng: TAMALE.lng,
    harvestDate: isoDay(3),
  });
  soldOut = await createProduct(app, seller.id, { title: 'Organic Tomato Seedlings', organic: true, priceMinor: 200, stockQuantity: 0, originRegion: 'Kumasi, Ashanti' });
  oldHarvest = await createProduct(app, seller.id, { title: 'Dried Tomatoes', priceMinor: 350, originRegion: 'Kumasi, Ashanti', harvestDate: isoDay(40) });
});

afterAll(async () => {
  await testApp.close();
});

describe('search_products', () => {
  it('filters by words (with a typo), organic, price and a named place, with distances', async () => {
    const result = await runAssistantTool(testApp.app, null, 'search_products', { query: 'tomatos', organic: true, maxPriceMinor: 500, near: 'Kumasi' });
    const data = result.data as SearchProductsData;
    expect(data.items.map((item) => item.id)).toEqual([organicKumasi]);
    expect(data.near?.name).toBe('Kumasi');
    expect(data.radiusKm).toBe(50);
    expect(data.items[0]!.distanceKm).not.toBeNull();
    expect(productsOf(result.blocks).map((item) => item.id)).toEqual([organicKumasi]);
  });

  it('never shows sold-out products and honours a price bound', async () => {
    const data = (await runAssistantTool(testApp.app, null, 'search_products', { query: 'tomato', maxPriceMinor: 420 })).data as SearchProductsData;
    const ids = data.items.map((item) => item.id);
    expect(ids).toContain(organicTamale);
    expect(ids).toContain(cheapKumasi);
    expect(ids).not.toContain(soldOut);
    expect(ids).not.toContain(organicKumasi);
    expect(data.items.every((item) => item.priceMinor <= 420 && item.availableQuantity > 0)).toBe(true);
  });

  it('keeps products harvested within the days asked for and sorts cheapest first', async () => {
    const data = (await runAssistantTool(testApp.app, null, 'search_products', { query: 'tomatoes', harvestedWithinDays: 7, sort: 'price_asc' }))
      .data as SearchProductsData;
    const ids = data.items.map((item) => item.id);
    expect(ids).not.toContain(oldHarvest);
    expect(ids).toEqual([cheapKumasi, organicTamale, organicKumasi]);
  });

  it('says which place it does not know instead of searching everywhere', async () => {
    const data = (await runAssistantTool(testApp.app, null, 'search_products', { query: 'tomatoes', near: 'Atlantis' })).data as SearchProductsData;
    expect(data).toMatchObject({ items: [], unknownPlace: 'Atlantis' });
  });

  it('refuses input that does not fit the contract', async () => {
    await expect(runAssistantTool(testApp.app, null, 'search_products', { maxPriceMinor: -1 })).rejects.toBeInstanceOf(ZodError);
  });
});

describe('get_product', () => {
  it('answers a listed product and "not found" for an unknown one', async () => {
    const result = await runAssistantTool(testApp.app, null, 'get_product', { productId: organicKumasi });
    expect(productsOf(result.blocks)[0]).toMatchObject({ id: organicKumasi, title: 'Organic Roma Tomatoes', priceMinor: 450 });
    await expect(runAssistantTool(testApp.app, null, 'get_product', { productId: '0195b9a0-0000-7000-8000-000000000000' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('add_to_basket', () => {
  it('asks a visitor to sign in and gives no data', async () => {
    const result = await runAssistantTool(testApp.app, null, 'add_to_basket', { productId: organicKumasi, quantity: 2 });
    expect(result).toEqual({ data: null, blocks: [{ type: 'sign_in', text: ASSISTANT_SIGN_IN_MESSAGE }] });
  });

  it('puts the product in the signed-in buyer basket, and turns a refusal into a sentence', async () => {
    const buyer = await createBuyer(testApp.app);
    const caller = await userRow(buyer.id);
    const added = await runAssistantTool(testApp.app, caller, 'add_to_basket', { productId: organicKumasi, quantity: 2 });
    expect(added.data as AddToBasketData).toMatchObject({ added: true, title: 'Organic Roma Tomatoes', quantity: 2, unit: 'kg' });
    expect(added.blocks).toEqual([{ type: 'basket_added', productId: organicKumasi, title: 'Organic Roma Tomatoes', quantity: 2, unit: 'kg' }]);
    const basket = (await testApp.app.inject({ method: 'GET', url: '/api/baskets', headers: bearer(buyer.token) })).json() as TBasketResponse;
    expect(basket.groups.flatMap((group) => group.items).map((item) => [item.productId, item.quantity])).toEqual([[organicKumasi, 2]]);

    const tooMany = await runAssistantTool(testApp.app, caller, 'add_to_basket', { productId: cheapKumasi, quantity: 5000 });
    expect(tooMany.data as AddToBasketData).toMatchObject({ added: false, message: expect.stringMatching(/left/i) });
    expect(tooMany.blocks).toEqual([]);
  });
});

describe('my_orders and order_status', () => {
  it('shows only the caller own orders; another user order is not found like an unknown one', async () => {
    const { buyer, order } = await placePaidOrder(testApp.app, { fulfilment: 'delivery' });
    const caller = await userRow(buyer.id);
    const mine = await runAssistantTool(testApp.app, caller, 'my_orders', {});
    const orders = (mine.data as { orders: TAssistantOrder[] }).orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: order.id,
      status: 'paid',
      statusLabel: 'Paid',
      shopName: 'Green Valley Farm',
      links: [
        { label: expect.any(String), to: `/order/${order.id}` },
        { label: expect.any(String), to: `/order-delivery/${order.id}` },
      ],
    });
    expect(orders[0]!.number).toBe(order.id.replace(/-/g, '').slice(-8).toUpperCase());

    const latest = (await runAssistantTool(testApp.app, caller, 'order_status', {})).data as OrderStatusData;
    expect(latest.order?.id).toBe(order.id);

    const other = await userRow((await createBuyer(testApp.app)).id);
    const theirs = await runAssistantTool(testApp.app, other, 'order_status', { orderId: order.id });
    const unknown = await runAssistantTool(testApp.app, other, 'order_status', { orderId: '0195b9a0-0000-7000-8000-000000000000' });
    expect(theirs).toEqual({ data: { order: null, message: ORDER_NOT_FOUND_TEXT }, blocks: [] });
    expect(unknown).toEqual(theirs);
    expect(((await runAssistantTool(testApp.app, other, 'my_orders', {})).data as { orders: unknown[] }).orders).toEqual([]);
  });

  it('asks a visitor to sign in', async () => {
    for (const name of ['my_orders', 'order_status'] as const) {
      expect(await runAssistantTool(testApp.app, null, name, {})).toEqual({ data: null, blocks: [{ type: 'sign_in', text: ASSISTANT_SIGN_IN_MESSAGE }] });
    }
  });
});
