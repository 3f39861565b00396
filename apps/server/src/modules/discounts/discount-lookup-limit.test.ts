import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createBuyer } from '../orders/testing/order-fixtures';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ ORDER_TIMERS: 'off', RATE_LIMIT_DISCOUNT_LOOKUPS_PER_MINUTE: '3' });
}, 60_000);

afterAll(async () => {
  await testApp.close();
});

describe('discount codes cannot be guessed in bulk', () => {
  it('quotes carrying codes are limited per user (429 with the wait), quotes without codes are not counted', async () => {
    const buyer = await createBuyer(testApp.app);
    const quote = (payload: Record<string, unknown>, token = buyer.token) =>
      testApp.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: bearer(token), payload });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await quote({ discountCodes: [`GUESS${attempt}`] })).statusCode).toBe(200);
    const refused = await quote({ discountCodes: ['GUESS4'] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many discount code attempts\. Try again in /);
    expect((await quote({})).statusCode).toBe(200);
    // Counted per user: another buyer still may.
    const other = await createBuyer(testApp.app);
    expect((await quote({ discountCodes: ['GUESS5'] }, other.token)).statusCode).toBe(200);
  });
});
