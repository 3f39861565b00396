import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signPaystackBody, startPaystackDouble, type PaystackDouble } from '@pulse/paystack-double';
import type { TTopUpResponse } from '@pulse/contract/wallet';
import { ledgerAccounts, ledgerPostings, topUps } from '../../../db/schema/ledger';
import { paymentEvents, paymentIntents } from '../../../db/schema/payments';
import { bearer } from '../../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../../testing/create-test-app';
import { nextKey, type TestUser } from '../../orders/testing/order-fixtures';
import { PAYSTACK_WEBHOOK_PATH } from '../paystack-webhook-routes';

/** The key the double accepts and signs its webhooks with (a test key, never a real one). */
export const PAYSTACK_TEST_KEY = 'sk_test_pulsecoresuite0000000000';

/** What PAYMENT_PROVIDER=paystack needs, pointed at a double. */
export function paystackEnv(baseUrl: string): NodeJS.ProcessEnv {
  return { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: PAYSTACK_TEST_KEY, PAYSTACK_BASE_URL: baseUrl, CURRENCY: 'GHS', ORDER_TIMERS: 'off' };
}

export interface PaystackSuite {
  testApp: TestApp;
  double: PaystackDouble;
  close(): Promise<void>;
}

/**
 * The app with PAYMENT_PROVIDER=paystack against the Paystack double, listening on a local port so
 * the double's signed webhooks reach the real webhook route.
 */
export async function startPaystackSuite(): Promise<PaystackSuite> {
  const double = await startPaystackDouble({ port: 0, secretKey: PAYSTACK_TEST_KEY });
  const testApp = await createTestApp(paystackEnv(double.url));
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  double.setWebhookUrl(`${address}${PAYSTACK_WEBHOOK_PATH}`);
  return {
    testApp,
    double,
    async close() {
      await testApp.close();
      await double.close();
    },
  };
}

export function postTopUp(app: FastifyInstance, user: TestUser, body: Record<string, unknown>, key = nextKey('top-up')) {
  return app.inject({ method: 'POST', url: '/api/wallet/top-ups', headers: { ...bearer(user.token), 'idempotency-key': key }, payload: body });
}

export async function getTopUp(app: FastifyInstance, user: TestUser, topUpId: string, headers: Record<string, string> = {}): Promise<TTopUpResponse> {
  const response = await app.inject({ method: 'GET', url: `/api/wallet/top-ups/${topUpId}`, headers: { ...bearer(user.token), ...headers } });
  if (response.statusCode !== 200) throw new Error(`GET top-up answered ${response.statusCode} ${response.body}`);
  return response.json<TTopUpResponse>();
}

/** A webhook as Paystack sends it: the exact body, signed with the key (or with `signature`). */
export function injectWebhook(app: FastifyInstance, event: string, data: Record<string, unknown>, signature?: string | null) {
  const body = JSON.stringify({ event, data });
  const header = signature === null ? {} : { 'x-paystack-signature': signature ?? signPaystackBody(body, PAYSTACK_TEST_KEY) };
  return app.inject({ method: 'POST', url: PAYSTACK_WEBHOOK_PATH, headers: { 'content-type': 'application/json', ...header }, payload: body });
}

/** A platform account's balance (provider_clearing, platform_provider_fees). */
export async function platformBalance(app: FastifyInstance, kind: 'provider_clearing' | 'platform_provider_fees'): Promise<number> {
  const [row] = await app.db
    .select({ total: sql<string | number | null>`coalesce(sum(${ledgerPostings.amountMinor}), 0)` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(isNull(ledgerAccounts.ownerUserId), eq(ledgerAccounts.kind, kind)));
  return Number(row?.total ?? 0);
}

export async function eventsFor(app: FastifyInstance, reference: string) {
  return app.db.select().from(paymentEvents).where(eq(paymentEvents.reference, reference));
}

export async function intentOf(app: FastifyInstance, reference: string) {
  const [row] = await app.db.select().from(paymentIntents).where(eq(paymentIntents.reference, reference));
  return row ?? null;
}

export async function topUpRow(app: FastifyInstance, topUpId: string) {
  const [row] = await app.db.select().from(topUps).where(eq(topUps.id, topUpId));
  return row ?? null;
}
