import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYSTACK_TEST_KEY, startPaystackSuite, type PaystackSuite } from '../payments/testing/paystack-test-app';
import { answerWithEngine } from './assistant-engine';
import { paymentMethodsFor, paymentMethodsText } from './assistant-payments';

/**
 * The assistant says a deployment is a test one whenever no real money moves: the sandbox, and
 * Paystack with a test secret key (sk_test_...). The key itself is never in the answer.
 */

let suite: PaystackSuite;

beforeAll(async () => {
  suite = await startPaystackSuite();
}, 60_000);

afterAll(async () => {
  await suite?.close();
  suite?.double.assertNoViolations();
});

describe('the assistant on a Paystack deployment', () => {
  it('with a test key (sk_test_...) says it is a test deployment, names Paystack, and never shows the key', async () => {
    const answer = await answerWithEngine(suite.testApp.app, null, 'Can I pay with mobile money?', null);
    expect(answer.intent).toBe('payment_methods');
    expect(answer.text).toMatch(/^Yes\. You top up your wallet by card or mobile money on the wallet page/);
    expect(answer.text).toContain("This is a test deployment: payments go through Paystack's test mode and no real money is charged.");
    expect(answer.text).not.toContain(PAYSTACK_TEST_KEY);
    expect(answer.text).not.toContain('sk_test_');
  });

  it('with a live key (sk_live_...) says nothing of a test', () => {
    const live = paymentMethodsFor({ paymentProvider: 'paystack', paystack: { secretKey: 'sk_live_0123456789abcdef', baseUrl: 'https://api.paystack.co' } });
    expect(live.testMode).toBe(false);
    const text = paymentMethodsText(live, null);
    expect(text).toBe('On Pulse Market you pay by card or mobile money. You top up your wallet by card or mobile money on the wallet page, and orders are paid from the wallet.');
  });

  it('the sandbox stays a test deployment', () => {
    const sandbox = paymentMethodsFor({ paymentProvider: 'sandbox', paystack: null });
    expect(sandbox.testMode).toBe(true);
    expect(paymentMethodsText(sandbox, null)).toContain('payments go through a sandbox and no real money is charged');
  });
});
