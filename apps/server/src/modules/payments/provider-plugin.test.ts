import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPaymentProvider } from './provider-plugin';

describe('createPaymentProvider', () => {
  it('builds the sandbox by default', () => {
    expect(createPaymentProvider(loadConfig({})).name).toBe('sandbox');
  });

  it('builds Paystack when PAYMENT_PROVIDER=paystack', () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_BASE_URL: 'http://127.0.0.1:1' });
    expect(createPaymentProvider(config).name).toBe('paystack');
  });

  it('refuses Paystack without its settings', () => {
    expect(() => createPaymentProvider({ paymentProvider: 'paystack', paystack: null })).toThrow(/PAYSTACK_SECRET_KEY/);
  });
});
