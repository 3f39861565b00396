import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPaystackBody, startPaystackDouble, type PaystackDouble } from '@pulse/paystack-double';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { formatWait } from '../../plugins/rate-limits';
import { PAYSTACK_WEBHOOK_PATH } from './paystack-webhook-routes';
import { PAYSTACK_TEST_KEY, paystackEnv } from './testing/paystack-test-app';

/**
 * The webhook's limit per sending address is the deployment's RATE_LIMIT_PAYMENT_WEBHOOKS_PER_MINUTE
 * (README, Abuse limits), not a number in the code: past it Paystack (or a forger) gets 429 with
 * Retry-After, and another address goes on.
 */

const LIMIT = 4;
let double: PaystackDouble;
let testApp: TestApp;

beforeAll(async () => {
  double = await startPaystackDouble({ port: 0, secretKey: PAYSTACK_TEST_KEY });
  testApp = await createTestApp({ ...paystackEnv(double.url), RATE_LIMIT_PAYMENT_WEBHOOKS_PER_MINUTE: String(LIMIT) });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await double?.close();
});

function address(): string {
  return `203.0.113.${randomInt(1, 255)}`;
}

/** A correctly signed event for a reference nobody knows (stored for the admin, credits nothing). */
function sendWebhook(remoteAddress: string) {
  const body = JSON.stringify({ event: 'charge.success', data: { reference: `unknown-${randomUUID()}`, amount: 100, currency: 'GHS', status: 'success' } });
  return testApp.app.inject({
    method: 'POST',
    url: PAYSTACK_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(body, PAYSTACK_TEST_KEY) },
    payload: body,
    remoteAddress,
  });
}

describe('POST /api/payments/paystack/webhook rate limit', () => {
  it(`takes RATE_LIMIT_PAYMENT_WEBHOOKS_PER_MINUTE (${LIMIT}) calls a minute from one address, then answers 429; another address goes on`, async () => {
    const sender = address();
    for (let index = 0; index < LIMIT; index += 1) {
      const response = await sendWebhook(sender);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await sendWebhook(sender);
    expect(refused.statusCode, refused.body).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: `Too many webhook calls from this address. Try again in ${formatWait(retryAfter)}.` } });

    let other = address();
    while (other === sender) other = address();
    expect((await sendWebhook(other)).statusCode).toBe(200);
  });
});
