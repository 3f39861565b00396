import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckoutQuoteResponse, TCheckoutResponse } from '@pulse/contract/orders';
import type { TListDiscountCodesResponse } from '@pulse/contract/discounts';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import {
  act,
  balances,
  checkout,
  createBuyer,
  createProduct,
  createSeller,
  createSlot,
  fundWallet,
  getOrder,
  ledgerTotal,
  makeAdmin,
  platformBalance,
  putInBasket,
  type TestUser,
} from '../orders/testing/order-fixtures';
import { createCodeFor } from './discounts-test-helpers';

let testApp: TestApp;
let farm: TestUser;
let otherFarm: TestUser;
let admin: TestUser;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off', RATE_LIMIT_REGISTER_PER_HOUR: '100000' });
  farm = await createSeller(testApp.app, 'Code Farm');
  otherFarm = await createSeller(testApp.app, 'Other Code Farm');
  admin = await createBuyer(testApp.app);
  await makeAdmin(testApp.app, admin.id);
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

async function listCodes(user: TestUser, scope: 'seller' | 'admin' = 'seller') {
  return testApp.app.inject({ method: 'GET', url: `/api/${scope}/discount-codes`, headers: bearer(user.token) });
}

async function patchCode(user: TestUser, codeId: string, body: Record<string, unknown>, scope: 'seller' | 'admin' = 'seller') {
  return testApp.app.inject({ method: 'PATCH', url: `/api/${scope}/discount-codes/${codeId}`, headers: bearer(user.token), payload: body });
}

/** A buyer with money and `quantity` of a product of `seller` at `priceMinor` in the basket; returns the checkout body. */
async function basketWith(seller: TestUser, priceMinor: number, quantity: number, buyer?: TestUser) {
  const { app } = testApp;
  const who = buyer ?? (await createBuyer(app));
  const productId = await createProduct(app, seller.id, { priceMinor, unit: 'piece', stockQuantity: 500 });
  const slotId = await createSlot(app, seller.id);
  await fundWallet(app, who.id, 100_000);
  await putInBasket(app, who.id, productId, quantity);
  return { buyer: who, choice: { sellerUserId: seller.id, fulfilment: 'pickup', slotId } };
}

async function quote(buyer: TestUser, body: Record<string, unknown>): Promise<TCheckoutQuoteResponse> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: bearer(buyer.token), payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TCheckoutQuoteResponse;
}

describe('a farm manages its codes', () => {
  it('creates a code (stored upper-case), lists it with its uses and cost, pauses and ends it; another farm gets 404, a buyer 403', async () => {
    const created = await createCodeFor(testApp.app, farm, { code: 'harvest10', kind: 'percent', value: 10, minOrderMinor: 1000 });
    expect(created).toMatchObject({ code: 'HARVEST10', platform: false, status: 'active', timesUsed: 0, totalCostMinor: 0 });

    const again = await testApp.app.inject({ method: 'POST', url: '/api/seller/discount-codes', headers: bearer(farm.token), payload: { code: 'Harvest10', kind: 'fixed', value: 100 } });
    expect(again.statusCode).toBe(409);
    // Another farm may use the same word for its own code.
    await createCodeFor(testApp.app, otherFarm, { code: 'harvest10', kind: 'fixed', value: 100 });

    const list = (await listCodes(farm)).json() as TListDiscountCodesResponse;
    expect(list.codes.map((code) => code.id)).toContain(created.id);
    expect(((await listCodes(otherFarm)).json() as TListDiscountCodesResponse).codes.map((code) => code.id)).not.toContain(created.id);

    expect((await patchCode(otherFarm, created.id, { status: 'paused' })).statusCode).toBe(404);
    const buyer = await createBuyer(testApp.app);
    expect((await listCodes(buyer)).statusCode).toBe(403);
    expect((await patchCode(farm, created.id, { status: 'paused' })).json()).toMatchObject({ status: 'paused' });
    expect((await patchCode(farm, created.id, { status: 'ended' })).json()).toMatchObject({ status: 'ended' });
    expect((await patchCode(farm, created.id, { status: 'active' })).statusCode).toBe(409);
  });

  it('platform codes are the admin\'s: a farm cannot see or change them', async () => {
    const code = await createCodeFor(testApp.app, admin, { code: 'PLATFORMX', kind: 'fixed', value: 300 }, 'admin');
    expect(code.platform).toBe(true);
    expect((await listCodes(farm, 'admin')).statusCode).toBe(403);
    expect((await patchCode(farm, code.id, { status: 'paused' })).statusCode).toBe(404);
    expect(((await listCodes(admin, 'admin')).json() as TListDiscountCodesResponse).codes.map((row) => row.code)).toContain('PLATFORMX');
  });
});

describe('codes at checkout', () => {
  it('the quote shows the discount per farm and explains a refused code; unknown and other-scope codes are just "not valid"', async () => {
    await createCodeFor(testApp.app, farm, { code: 'QUOTE15', kind: 'percent', value: 15 });
    await createCodeFor(testApp.app, farm, { code: 'BIGBASKET', kind: 'fixed', value: 500, minOrderMinor: 5000 });
    await createCodeFor(testApp.app, otherFarm, { code: 'ELSEWHERE', kind: 'fixed', value: 100 });
    const { buyer, choice } = await basketWith(farm, 333, 3);

    const applied = await quote(buyer, { sellers: [choice], discountCodes: ['quote15'] });
    // 15 % of 9.99 is 1.4985: the discount is rounded down to 1.49.
    expect(applied.sellers[0]).toMatchObject({ subtotalMinor: 999, farmDiscountMinor: 149, totalMinor: 850 });
    expect(applied.discounts).toEqual([{ code: 'QUOTE15', applied: true, sellerUserId: farm.id, platform: false, amountMinor: 149, refusal: null }]);
    expect(applied.totalMinor).toBe(850);

    const refused = await quote(buyer, { sellers: [choice], discountCodes: ['bigbasket', 'nosuchcode'] });
    expect(refused.discounts?.map((discount) => discount.refusal)).toEqual(['This code is for orders over $50.00', 'This code is not valid']);
    expect(refused.totalMinor).toBe(999);
    expect((await quote(buyer, { sellers: [choice], discountCodes: ['elsewhere'] })).discounts?.[0]?.refusal).toBe('This code is not valid');

    const placed = await checkout(testApp.app, buyer, { sellers: [choice], discountCodes: ['nosuchcode'] });
    expect(placed.statusCode).toBe(409);
    expect(placed.json().error.message).toBe('This code is not valid');
  });

  it('a first-order code and a per-buyer limit explain themselves', async () => {
    await createCodeFor(testApp.app, farm, { code: 'WELCOME', kind: 'fixed', value: 200, firstOrderOnly: true });
    const { buyer, choice } = await basketWith(farm, 1000, 1);
    const first = await checkout(testApp.app, buyer, { sellers: [choice], discountCodes: ['welcome'] });
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as TCheckoutResponse).orders[0]).toMatchObject({ farmDiscountMinor: 200, totalMinor: 800, farmDiscountCode: 'WELCOME' });
    const { choice: secondChoice } = await basketWith(farm, 1000, 1, buyer);
    expect((await quote(buyer, { sellers: [secondChoice], discountCodes: ['welcome'] })).discounts?.[0]?.refusal).toBe('This code is for a first order');
  });

  it('farm and platform codes on one order: the buyer pays the discounted total, the farm is paid for its goods after its own discount less commission on that, the platform funds its code, the ledger sums to zero', async () => {
    const { app } = testApp;
    const seller = await createSeller(app, 'Ledger Farm');
    await createCodeFor(app, seller, { code: 'FARM10', kind: 'percent', value: 10 });
    await createCodeFor(app, admin, { code: 'MARKET3', kind: 'fixed', value: 300 }, 'admin');
    const { buyer, choice } = await basketWith(seller, 2000, 2);
    const commissionBefore = await platformBalance(app, 'platform_commission');

    const placed = await checkout(app, buyer, { sellers: [choice], discountCodes: ['farm10', 'market3'] });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as TCheckoutResponse).orders[0];
    if (!order) throw new Error('no order');
    // Goods 40.00; farm code 4.00; platform code 3.00 on what is left: the buyer pays 33.00.
    expect(order).toMatchObject({ subtotalMinor: 4000, farmDiscountMinor: 400, platformDiscountMinor: 300, totalMinor: 3300, status: 'paid' });
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 100_000 - 3300, escrowMinor: 3600 });
    expect(await ledgerTotal(app)).toBe(0);

    for (const action of ['accept', 'mark_ready'] as const) expect((await act(app, seller, order.id, { action })).statusCode).toBe(200);
    const code = (await getOrder(app, buyer, order.id)).confirmationCode ?? '';
    expect((await act(app, seller, order.id, { action: 'hand_over', confirmationCode: code })).statusCode).toBe(200);
    const confirmed = await act(app, buyer, order.id, { action: 'confirm_receipt' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The farm receives 36.00 less 10 % commission on 36.00 (3.60): 32.40.
    expect(await balances(app, seller.id)).toMatchObject({ availableMinor: 3600 - 360 });
    expect(await balances(app, buyer.id)).toMatchObject({ escrowMinor: 0 });
    expect((await platformBalance(app, 'platform_commission')) - commissionBefore).toBe(360 - 300);
    expect(await ledgerTotal(app)).toBe(0);

    const codes = ((await listCodes(seller)).json() as TListDiscountCodesResponse).codes;
    expect(codes.find((row) => row.code === 'FARM10')).toMatchObject({ timesUsed: 1, totalCostMinor: 400 });
  });

  it('a cancelled order gives the use back: the buyer gets back what was paid, the platform its discount', async () => {
    const { app } = testApp;
    const seller = await createSeller(app, 'Cancel Farm');
    await createCodeFor(app, seller, { code: 'ONCEONLY', kind: 'fixed', value: 100, totalUses: 1 });
    const platform = await createCodeFor(app, admin, { code: 'CANCELME', kind: 'percent', value: 5 }, 'admin');
    const { buyer, choice } = await basketWith(seller, 1000, 2);
    const commissionBefore = await platformBalance(app, 'platform_commission');
    const placed = await checkout(app, buyer, { sellers: [choice], discountCodes: ['onceonly', 'cancelme'] });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as TCheckoutResponse).orders[0];
    if (!order) throw new Error('no order');
    // 20.00 - 1.00 = 19.00; 5 % of 19.00 = 0.95: the buyer pays 18.05.
    expect(order).toMatchObject({ farmDiscountMinor: 100, platformDiscountMinor: 95, totalMinor: 1805 });

    const other = await basketWith(seller, 1000, 2);
    expect((await quote(other.buyer, { sellers: [other.choice], discountCodes: ['onceonly'] })).discounts?.[0]?.refusal).toBe('This code has been used up');

    const cancelled = await act(app, seller, order.id, { action: 'cancel', reason: 'Out of stock after the storm' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balances(app, buyer.id)).toMatchObject({ availableMinor: 100_000, escrowMinor: 0 });
    expect(await platformBalance(app, 'platform_commission')).toBe(commissionBefore);
    expect(await ledgerTotal(app)).toBe(0);
    expect((await quote(other.buyer, { sellers: [other.choice], discountCodes: ['onceonly'] })).discounts?.[0]).toMatchObject({ applied: true, amountMinor: 100 });
    const platformRow = ((await listCodes(admin, 'admin')).json() as TListDiscountCodesResponse).codes.find((row) => row.id === platform.id);
    expect(platformRow).toMatchObject({ timesUsed: 0, totalCostMinor: 0 });
  });

  it('at most one farm code per farm: a second code of the same farm is refused', async () => {
    const seller = await createSeller(testApp.app, 'Stack Farm');
    await createCodeFor(testApp.app, seller, { code: 'STACKA', kind: 'fixed', value: 100 });
    await createCodeFor(testApp.app, seller, { code: 'STACKB', kind: 'fixed', value: 100 });
    const { buyer, choice } = await basketWith(seller, 1000, 1);
    const answer = await quote(buyer, { sellers: [choice], discountCodes: ['stacka', 'stackb'] });
    expect(answer.discounts?.map((discount) => discount.applied)).toEqual([true, false]);
    expect(answer.discounts?.[1]?.refusal).toBe('Only one farm code per farm and one Pulse Market code per order');
    expect(answer.totalMinor).toBe(900);
  });

  it('a basket from two farms takes each farm\'s code and a Pulse Market code: three codes, each on its own order', async () => {
    const east = await createSeller(testApp.app, 'East Farm');
    const west = await createSeller(testApp.app, 'West Farm');
    await createCodeFor(testApp.app, east, { code: 'EAST1', kind: 'fixed', value: 100 });
    await createCodeFor(testApp.app, west, { code: 'WEST2', kind: 'fixed', value: 200 });
    await createCodeFor(testApp.app, admin, { code: 'MARKETDAY', kind: 'percent', value: 10 }, 'admin');
    const { buyer, choice: eastChoice } = await basketWith(east, 1000, 1);
    const { choice: westChoice } = await basketWith(west, 2000, 1, buyer);
    const answer = await quote(buyer, { sellers: [eastChoice, westChoice], discountCodes: ['east1', 'west2', 'marketday'] });
    expect(answer.discounts?.map((discount) => [discount.code, discount.applied])).toEqual([
      ['EAST1', true],
      ['WEST2', true],
      ['MARKETDAY', true],
    ]);
    const placed = await checkout(testApp.app, buyer, { sellers: [eastChoice, westChoice], discountCodes: ['east1', 'west2', 'marketday'] });
    expect(placed.statusCode, placed.body).toBe(201);
    const orders = (placed.json() as TCheckoutResponse).orders;
    const of = (seller: TestUser) => orders.find((order) => order.sellerUserId === seller.id);
    expect(of(east)).toMatchObject({ farmDiscountMinor: 100, platformDiscountMinor: 90 });
    expect(of(west)).toMatchObject({ farmDiscountMinor: 200, platformDiscountMinor: 180 });
    expect(await ledgerTotal(testApp.app)).toBe(0);
  });
});
