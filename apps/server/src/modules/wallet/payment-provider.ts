import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';

export interface ChargeRequest {
  userId: string;
  amountMinor: number;
  currency: string;
  /** Card number as typed (spaces allowed); the sandbox uses it to pick the outcome. */
  cardNumber?: string | undefined;
  /** The provider must charge once per key, however often it is asked. */
  idempotencyKey: string;
}

export interface PayoutRequest {
  userId: string;
  amountMinor: number;
  currency: string;
  /** Where the money goes (bank account, mobile money number), as the user gave it. */
  destination: string;
  idempotencyKey: string;
}

export interface PaymentResult {
  status: 'succeeded' | 'failed';
  /** The provider's id of the charge or payout (also for failures, for support). */
  reference: string;
  /** Why it failed, in words a user understands; null on success. */
  failureReason: string | null;
}

/** A card/payout processor. Implementations must be idempotent per idempotencyKey. */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<PaymentResult>;
  payout(request: PayoutRequest): Promise<PaymentResult>;
}

export const PAYMENT_PROVIDER_NAMES = ['sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** The sandbox's card that is always declined (as in common test-card conventions). */
export const SANDBOX_DECLINED_CARD = '4000000000000002';
export const CARD_DECLINED_MESSAGE = contractMessage(msg`Your card was declined.`);

function sandboxReference(prefix: string, idempotencyKey: string): string {
  return `${prefix}_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
}

/**
 * Built-in provider with no outside service: every charge and payout succeeds at once, except a
 * charge to card 4000 0000 0000 0002, which is declined. The reference derives from the key, so a
 * retried request gets the same reference (idempotent like a real provider).
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async charge(request) {
      const reference = sandboxReference('sbx_ch', request.idempotencyKey);
      const card = (request.cardNumber ?? '').replace(/\s+/g, '');
      if (card === SANDBOX_DECLINED_CARD) return { status: 'failed', reference, failureReason: CARD_DECLINED_MESSAGE };
      return { status: 'succeeded', reference, failureReason: null };
    },
    async payout(request) {
      return { status: 'succeeded', reference: sandboxReference('sbx_po', request.idempotencyKey), failureReason: null };
    },
  };
}

export function createPaymentProvider(name: PaymentProviderName): PaymentProvider {
  switch (name) {
    case 'sandbox':
      return createSandboxProvider();
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
    app.decorate('paymentProvider', createPaymentProvider(app.config.paymentProvider));
  },
  { name: 'payment-provider', dependencies: ['app-context'] },
);
