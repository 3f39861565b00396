import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { APP_URL, FIXTURE_PASSWORD } from './fixtures';
import { ORDERS_PRODUCTS, type OrdersProductKey } from './fixtures-orders';

/**
 * A person acting through the API beside the browser (the seller accepting, the buyer placing an
 * order): their own request context and token, so the page under test keeps its own session.
 */
export class ApiActor {
  private constructor(
    private readonly context: APIRequestContext,
    private readonly token: string,
    readonly userId: string,
  ) {}

  static async signIn(user: { email: string }): Promise<ApiActor> {
    const context = await playwrightRequest.newContext({ baseURL: APP_URL });
    const response = await context.post('/api/auth/login', { data: { email: user.email, password: FIXTURE_PASSWORD } });
    expect(response.status(), `sign-in of ${user.email}`).toBe(200);
    const body = (await response.json()) as { token: string; user: { id: string } };
    return new ApiActor(context, body.token, body.user.id);
  }

  async call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.context.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, Accept: 'application/json', ...headers },
      ...(body !== undefined ? { data: body } : {}),
    });
    const text = await response.text();
    return { status: response.status(), body: (text ? JSON.parse(text) : null) as T };
  }

  /** Calls and insists on a 2xx, naming the call in the failure. */
  async ok<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const response = await this.call<T>(method, path, body, headers);
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
  }

  async walletAvailable(): Promise<number> {
    return (await this.ok<{ availableMinor: number }>('GET', '/api/wallet')).availableMinor;
  }

  async topUp(amountMinor: number): Promise<void> {
    await this.ok('POST', '/api/wallet/top-ups', { amountMinor }, { 'Idempotency-Key': randomUUID() });
  }

  async findProductId(key: OrdersProductKey): Promise<string> {
    const title = ORDERS_PRODUCTS[key].title;
    const page = await this.ok<{ items: Array<{ id: string; title: string }> }>('GET', `/api/products?q=${encodeURIComponent(title)}`);
    const product = page.items.find((item) => item.title === title);
    expect(product, `product "${title}" in the catalogue`).toBeDefined();
    return product!.id;
  }

  /**
   * Places one paid order from the wallet: empties the basket, adds the product, picks the first
   * slot of the chosen kind and the default address, checks out. Returns the order id.
   */
  async placeOrder(key: OrdersProductKey, quantity: number, fulfilment: 'pickup' | 'delivery'): Promise<string> {
    await this.ok('DELETE', '/api/baskets');
    await this.ok('POST', '/api/baskets/items', { productId: await this.findProductId(key), quantity });
    const addresses = await this.ok<{ items: Array<{ id: string; isDefault: boolean }> }>('GET', '/api/addresses');
    const addressId = addresses.items.find((address) => address.isDefault)?.id ?? null;
    const quote = await this.ok<{ sellers: Array<{ sellerUserId: string; slots: Array<{ id: string; method: string }> }> }>('POST', '/api/checkout/quote', {
      addressId,
    });
    const sellers = quote.sellers.map((seller) => {
      const slot = seller.slots.find((candidate) => candidate.method === fulfilment);
      expect(slot, `a ${fulfilment} slot`).toBeDefined();
      return { sellerUserId: seller.sellerUserId, fulfilment, slotId: slot!.id };
    });
    const checkout = await this.ok<{ orders: Array<{ id: string }> }>(
      'POST',
      '/api/checkout',
      { addressId: fulfilment === 'delivery' ? addressId : null, sellers, payNow: true },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(checkout.orders).toHaveLength(1);
    return checkout.orders[0]!.id;
  }

  async orderAction(orderId: string, action: string, extra: { reason?: string; confirmationCode?: string } = {}) {
    return this.ok<{ status: string; confirmationCode: string | null; items: Array<{ id: string }> }>('POST', `/api/orders/${orderId}/actions`, { action, ...extra }, {
      'Idempotency-Key': randomUUID(),
    });
  }

  async order(orderId: string) {
    return this.ok<{ status: string; confirmationCode: string | null; items: Array<{ id: string; title: string }>; refundedMinor: number; totalMinor: number }>(
      'GET',
      `/api/orders/${orderId}`,
    );
  }

  async recordFinalWeights(orderId: string, items: Array<{ itemId: string; finalQuantity: number }>) {
    return this.ok('POST', `/api/orders/${orderId}/final-weights`, { items });
  }
}

/** Signs the page in through the API as `user` (token in session storage, as the app keeps it), then opens `path`. */
export async function openSignedIn(page: Page, user: { email: string }, path: string): Promise<void> {
  await page.goto('/home');
  const status = await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'include',
        body: JSON.stringify({ email, password }),
      });
      if (response.ok) sessionStorage.setItem('jwt_token', ((await response.json()) as { token: string }).token);
      return response.status;
    },
    { email: user.email, password: FIXTURE_PASSWORD },
  );
  expect(status, `sign-in of ${user.email}`).toBe(200);
  await page.goto(path);
}
