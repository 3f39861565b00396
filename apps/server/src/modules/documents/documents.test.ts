import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { formatMoney } from '@pulse/contract/money';
import { products } from '../../db/schema/products';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { orderNumber } from '../mail/order-mail-messages';
import { createCodeFor } from '../discounts/discounts-test-helpers';
import { commissionOf } from '../orders/order-money';
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
  placePaidOrder,
  platformBalance,
  putInBasket,
  type TestUser,
} from '../orders/testing/order-fixtures';
import { safeText } from './csv-export';
import { statementFigures } from './statement-figures';
import { pdfText } from './testing/pdf-text';

let testApp: TestApp;
let buyer: TestUser;
let seller: TestUser;
let admin: TestUser;
let stranger: TestUser;
let orderId: string;
let productId: string;

const month = new Date().toISOString().slice(0, 7);
const today = new Date().toISOString().slice(0, 10);

async function mustAct(user: TestUser, id: string, body: Record<string, unknown>): Promise<void> {
  const response = await act(testApp.app, user, id, body);
  if (response.statusCode !== 200) throw new Error(`${String(body.action)}: ${response.statusCode} ${response.body}`);
}

/** A delivered and received order: its escrow is released to the farm with the commission taken. */
async function completedOrder(): Promise<{ orderId: string; productId: string }> {
  const placed = await placePaidOrder(testApp.app, { buyer, seller, fulfilment: 'delivery', quantity: 4, priceMinor: 1_250 });
  const id = placed.order.id;
  await mustAct(seller, id, { action: 'accept' });
  await mustAct(seller, id, { action: 'mark_ready' });
  await mustAct(seller, id, { action: 'hand_over' });
  const code = (await getOrder(testApp.app, buyer, id)).confirmationCode ?? '';
  await mustAct(seller, id, { action: 'mark_delivered', confirmationCode: code });
  await mustAct(buyer, id, { action: 'confirm_receipt' });
  return { orderId: id, productId: placed.productId };
}

function get(user: TestUser | null, url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url, headers: { ...(user ? bearer(user.token) : {}), ...headers } });
}


/** Parses our CSV (quoted cells, no newlines inside the cells we test). */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((match) => (match[1] ?? '').replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1));
}

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off' });
  const { app } = testApp;
  buyer = await createBuyer(app);
  seller = await createSeller(app, 'Green Valley Farm');
  admin = await createBuyer(app);
  await makeAdmin(app, admin.id);
  stranger = await createBuyer(app);
  ({ orderId, productId } = await completedOrder());
  await app.db.update(products).set({ title: '=HYPERLINK("http://evil.example","Tomatoes")' }).where(eq(products.id, productId));
  await app.db.execute(sql`update order_items set title = '=HYPERLINK("http://evil.example","Tomatoes")' where order_id = ${orderId}::uuid`);
});

afterAll(async () => {
  await testApp.close();
});

describe('the receipt PDF', () => {
  it('gives the buyer a PDF of the order with its number, lines and totals in their currency', async () => {
    const response = await get(buyer, `/api/orders/${orderId}/receipt.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="receipt-${orderNumber(orderId)}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    const order = await getOrder(testApp.app, buyer, orderId);
    const currency = testApp.app.config.currency;
    expect(text).toContain('Pulse Market');
    expect(text).toContain('Green Valley Farm');
    expect(text).toContain(orderNumber(orderId));
    expect(text).toContain(formatMoney(order.subtotalMinor, currency, 'en'));
    expect(text).toContain(formatMoney(order.deliveryFeeMinor, currency, 'en'));
    expect(text).toContain(formatMoney(order.totalMinor, currency, 'en'));
    expect(text).toContain('Paid from the Pulse Market wallet');
  });

  it('speaks French to a French reader', async () => {
    await testApp.app.db.update(users).set({ language: 'fr' }).where(eq(users.id, buyer.id));
    try {
      const text = await pdfText((await get(buyer, `/api/orders/${orderId}/receipt.pdf`)).rawPayload);
      expect(text).toContain('Reçu');
      expect(text).toContain('Sous-total');
    } finally {
      await testApp.app.db.update(users).set({ language: null }).where(eq(users.id, buyer.id));
    }
  });

  it('is 404 for the farm, a stranger and an order that does not exist, 401 without a session', async () => {
    expect((await get(seller, `/api/orders/${orderId}/receipt.pdf`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/orders/${orderId}/receipt.pdf`)).statusCode).toBe(404);
    expect((await get(buyer, `/api/orders/00000000-0000-4000-8000-000000000000/receipt.pdf`)).statusCode).toBe(404);
    expect((await get(null, `/api/orders/${orderId}/receipt.pdf`)).statusCode).toBe(401);
  });
});

describe('the monthly statement', () => {
  it('prints figures from the ledger: opening + lines = closing = the wallet, sales less commission', async () => {
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const figures = await statementFigures(testApp.app.db, seller.id, { from, until });
    const wallet = await balances(testApp.app, seller.id);
    const order = await getOrder(testApp.app, buyer, orderId);
    const commission = await platformBalance(testApp.app, 'platform_commission');
    const line = (id: string) => figures.lines.find((entry) => entry.id === id)?.amountMinor;

    expect(figures.openingMinor).toBe(0);
    expect(figures.closingMinor).toBe(wallet.availableMinor);
    expect(line('sales')).toBe(order.subtotalMinor);
    expect(line('commission')).toBe(-commission);
    expect(figures.openingMinor + figures.lines.reduce((total, entry) => total + entry.amountMinor, 0)).toBe(figures.closingMinor);

    const response = await get(seller, `/api/seller/statements/${month}.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.pdf"`);
    const text = await pdfText(response.rawPayload);
    const currency = testApp.app.config.currency;
    expect(text).toContain('Green Valley Farm');
    expect(text).toMatch(new RegExp(`ST-.+-${month}`));
    expect(text).toContain('Opening balance ' + formatMoney(0, currency, 'en'));
    expect(text).toContain('Sales ' + formatMoney(order.subtotalMinor, currency, 'en'));
    expect(text).toContain('Commission ' + formatMoney(-commission, currency, 'en'));
    expect(text).toContain('Closing balance ' + formatMoney(wallet.availableMinor, currency, 'en'));
  });

  it('is for approved sellers only and refuses a month that has not started or is not a month', async () => {
    expect((await get(buyer, `/api/seller/statements/${month}.pdf`)).statusCode).toBe(403);
    expect((await get(null, `/api/seller/statements/${month}.pdf`)).statusCode).toBe(401);
    expect((await get(seller, `/api/seller/statements/2999-01.pdf`)).statusCode).toBe(400);
    expect((await get(seller, `/api/seller/statements/2026-13.pdf`)).statusCode).toBe(400);
  });
});

describe('the CSV exports', () => {
  it("gives the seller one row per line item with the ledger's commission and net, BOM first, formulas neutralised", async () => {
    const response = await get(seller, `/api/seller/exports/orders.csv?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual(['order_number', 'order_date', 'status', 'buyer', 'product', 'quantity', 'unit', 'unit_price', 'line_total', 'delivery_fee', 'refunded', 'commission', 'net_to_farm', 'currency']);
    expect(rows).toHaveLength(1);
    const commission = await platformBalance(testApp.app, 'platform_commission');
    const wallet = await balances(testApp.app, seller.id);
    const row = Object.fromEntries((header ?? []).map((name, index) => [name, rows[0]?.[index]]));
    expect(row.order_number).toBe(orderNumber(orderId));
    expect(row.status).toBe('completed');
    expect(row.buyer).toBe(buyer.username);
    expect(row.product).toBe(`'=HYPERLINK("http://evil.example","Tomatoes")`);
    expect(row.quantity).toBe('4');
    expect(row.unit_price).toBe('12.50');
    expect(row.line_total).toBe('50.00');
    expect(Math.round(Number(row.commission) * 100)).toBe(commission);
    expect(Math.round(Number(row.net_to_farm) * 100)).toBe(wallet.availableMinor);
  });

  it('lets nobody else see the farm\'s lines, and admins see every farm', async () => {
    expect((await get(buyer, `/api/seller/exports/orders.csv?from=${today}&to=${today}`)).statusCode).toBe(403);
    const other = await createSeller(testApp.app, 'Other Farm');
    expect(csvRows((await get(other, `/api/seller/exports/orders.csv?from=${today}&to=${today}`)).body)).toHaveLength(1);
    expect((await get(seller, `/api/admin/exports/orders.csv?from=${today}&to=${today}`)).statusCode).toBe(403);
    const all = await get(admin, `/api/admin/exports/orders.csv?from=${today}&to=${today}`);
    expect(all.statusCode).toBe(200);
    expect(csvRows(all.body)[0]).toContain('farm');
    expect(all.body).toContain('Green Valley Farm');
  });

  it('gives the wallet history with the memos people read, and admins the payouts', async () => {
    const history = await get(seller, `/api/wallet/exports/history.csv?from=${today}&to=${today}`);
    expect(history.statusCode).toBe(200);
    const [header, ...rows] = csvRows(history.body);
    expect(header?.slice(0, 5)).toEqual(['date', 'kind', 'description', 'order_number', 'available_change']);
    expect(rows.map((row) => row[1])).toEqual(['escrow_release']);
    const payouts = await get(admin, `/api/admin/exports/payouts.csv?from=${today}&to=${today}`);
    expect(payouts.statusCode).toBe(200);
    expect(csvRows(payouts.body)[0]?.[0]).toBe('requested_at');
    expect((await get(seller, `/api/admin/exports/payouts.csv?from=${today}&to=${today}`)).statusCode).toBe(403);
  });

  it('refuses a range that is backwards, too long or not made of dates', async () => {
    for (const query of ['from=2026-02-01&to=2026-01-01', 'from=2024-01-01&to=2025-01-02', 'from=2026-02-30&to=2026-03-01', 'from=yesterday&to=today', 'from=2026-01-01']) {
      const response = await get(seller, `/api/seller/exports/orders.csv?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await get(seller, `/api/seller/exports/orders.csv?from=2024-01-01&to=2024-12-31`)).statusCode).toBe(200);
  });

  it('streams 20,000 lines page by page, every line once', async () => {
    const farm = await createSeller(testApp.app, 'Big Farm');
    await testApp.app.db.execute(sql`
      with checkout as (insert into checkouts (id, buyer_user_id, idempotency_key, request_hash) values (gen_random_uuid(), ${buyer.id}::uuid, 'bulk', 'bulk') returning id),
      bulk as (
        insert into orders (id, checkout_id, buyer_user_id, seller_user_id, status, fulfilment, currency, subtotal_minor, total_minor, confirmation_code, created_at)
        select gen_random_uuid(), checkout.id, ${buyer.id}::uuid, ${farm.id}::uuid, 'completed', 'pickup', 'GHS', 1000, 1000, '123456', now() - (n || ' seconds')::interval
        from checkout, generate_series(1, 2000) as n returning id)
      insert into order_items (id, order_id, title, unit, unit_price_minor, quantity, line_total_minor)
      select gen_random_uuid(), bulk.id, '+Line ' || k, 'kg', 100, 1, 100 from bulk, generate_series(1, 10) as k`);
    const response = await get(farm, `/api/seller/exports/orders.csv?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\n');
    expect(lines).toHaveLength(20_001);
    expect(new Set(lines).size).toBe(20_001);
    expect(lines[1]).toContain("'+Line");
  }, 120_000);
});

describe('a farm code on the statement (after the other figures: it moves the platform\'s commission)', () => {
  it("shows a farm's own discount code as its line: sales at list price, the discount and the commission on what the farm received, equal to the ledger", async () => {
    const { app } = testApp;
    const farm = await createSeller(app, 'Hill Top Farm');
    await createCodeFor(app, farm, { code: 'HILL10', kind: 'percent', value: 10 });
    const product = await createProduct(app, farm.id, { priceMinor: 2_000, unit: 'kg' });
    const slotId = await createSlot(app, farm.id, { method: 'pickup' });
    await fundWallet(app, buyer.id, 100_000);
    await putInBasket(app, buyer.id, product, 3);
    const placed = await checkout(app, buyer, { addressId: null, sellers: [{ sellerUserId: farm.id, fulfilment: 'pickup', slotId }], payNow: true, discountCodes: ['hill10'] });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = (placed.json() as { orders: Array<{ id: string; totalMinor: number }> }).orders[0]!.id;
    const paid = await getOrder(app, buyer, id);
    expect(paid.farmDiscountMinor).toBe(600);
    expect(paid.totalMinor).toBe(6_000 - 600);
    const commissionBefore = await platformBalance(app, 'platform_commission');
    await mustAct(farm, id, { action: 'accept' });
    await mustAct(farm, id, { action: 'mark_ready' });
    const code = (await getOrder(app, buyer, id)).confirmationCode ?? '';
    await mustAct(farm, id, { action: 'hand_over', confirmationCode: code });
    await mustAct(buyer, id, { action: 'confirm_receipt' });

    const now = new Date();
    const figures = await statementFigures(app.db, farm.id, { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), until: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) });
    const line = (lineId: string) => figures.lines.find((entry) => entry.id === lineId)?.amountMinor;
    const commission = commissionOf(6_000 - 600, testApp.app.config.commissionBps);
    expect(line('sales')).toBe(6_000);
    expect(line('discounts')).toBe(-600);
    expect(line('commission')).toBe(-commission);
    expect(await platformBalance(app, 'platform_commission')).toBe(commissionBefore + commission);
    expect(figures.closingMinor).toBe((await balances(app, farm.id)).availableMinor);
    expect(figures.closingMinor).toBe(6_000 - 600 - commission);
    expect(await ledgerTotal(app)).toBe(0);

    const text = await pdfText((await get(farm, `/api/seller/statements/${month}.pdf`)).rawPayload);
    const currency = testApp.app.config.currency;
    expect(text).toContain('Sales ' + formatMoney(6_000, currency, 'en'));
    expect(text).toContain('Your discount codes ' + formatMoney(-600, currency, 'en'));
    expect(text).toContain('Commission ' + formatMoney(-commission, currency, 'en'));
    expect(text).toContain('Closing balance ' + formatMoney(6_000 - 600 - commission, currency, 'en'));
  });
});

describe('safeText', () => {
  it('neutralises what a spreadsheet would run, and leaves the rest', () => {
    expect(['=1+1', '+33 6', '-2', '@SUM(A1)', '\tx', 'Tomatoes', ''].map(safeText)).toEqual(["'=1+1", "'+33 6", "'-2", "'@SUM(A1)", "'\tx", 'Tomatoes', '']);
  });
});
