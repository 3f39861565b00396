import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { PaymentProvider } from './payment-provider-types';
import { createPaystackProvider, type PaystackLog } from './paystack-provider';
import { createSandboxProvider } from './sandbox-provider';

/** The provider PAYMENT_PROVIDER names (default sandbox), built from the configuration. */
export function createPaymentProvider(config: Pick<Config, 'paymentProvider' | 'paystack'>, log?: PaystackLog): PaymentProvider {
  switch (config.paymentProvider) {
    case 'sandbox':
      return createSandboxProvider();
    case 'paystack':
      // loadConfig refuses paystack without a key; this only guards hand-made configurations (tests).
      if (!config.paystack) throw new Error('PAYMENT_PROVIDER is paystack but PAYSTACK_SECRET_KEY is not set');
      return createPaystackProvider({ secretKey: config.paystack.secretKey, baseUrl: config.paystack.baseUrl, log });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment provider; tests may replace it (`app.paymentProvider = fake`). */
    paymentProvider: PaymentProvider;
  }
}

/** Decorates the app with the provider named by PAYMENT_PROVIDER (default sandbox). */
export const paymentProviderPlugin = fp(
  async (app) => {
    app.decorate('paymentProvider', createPaymentProvider(app.config, app.log.child({ module: 'paystack' })));
  },
  { name: 'payment-provider', dependencies: ['app-context'] },
);
