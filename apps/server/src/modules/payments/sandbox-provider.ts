import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { createHash } from 'node:crypto';
import type {
  PaymentProvider,
  StartPaymentRequest,
  StartPaymentResult,
  TransferResult,
  VerifiedPayment,
} from './payment-provider-types';

/** The sandbox's card that is always declined (as in common test-card conventions). */
export const SANDBOX_DECLINED_CARD = '4000000000000002';
export const CARD_DECLINED_MESSAGE = contractMessage(msg`Your card was declined.`);

/** The provider's words for a reference it never saw (an OTP for a payment it does not know). */
const UNKNOWN_PAYMENT_REASON = 'No payment with this reference';

function sandboxCode(prefix: string, key: string): string {
  return `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

interface SandboxPayment {
  result: StartPaymentResult;
  verified: VerifiedPayment;
}

function decide(request: StartPaymentRequest): SandboxPayment {
  const declined = request.method === 'card' && (request.cardNumber ?? '').replace(/\s+/g, '') === SANDBOX_DECLINED_CARD;
  const status = declined ? 'failed' : 'succeeded';
  return {
    result: { status, nextAction: null, authorizationUrl: null, displayText: null, failureReason: declined ? CARD_DECLINED_MESSAGE : null },
    verified: {
      reference: request.reference,
      status,
      amountMinor: request.amountMinor,
      currency: request.currency,
      feesMinor: 0,
      channel: request.method === 'hosted' ? null : request.method,
      gatewayResponse: declined ? CARD_DECLINED_MESSAGE : 'Approved',
      paidAt: declined ? null : new Date(),
      raw: { provider: 'sandbox', reference: request.reference, method: request.method, status },
    },
  };
}

function unknownPayment(reference: string): VerifiedPayment {
  return { reference, status: 'unknown', amountMinor: 0, currency: '', feesMinor: 0, channel: null, gatewayResponse: null, paidAt: null, raw: null };
}

/**
 * Built-in provider with no outside service (the default for `npm start` and the tests): every
 * payment is decided at once and remembered in memory for this process, so a verify answers what the
 * start decided. Card 4000 0000 0000 0002 is declined; everything else succeeds, mobile money and the
 * "hosted page" included. Transfers succeed at once. Codes derive from the reference or the account,
 * so a retried request gets the same answer (idempotent like a real provider).
 */
export function createSandboxProvider(): PaymentProvider {
  const payments = new Map<string, SandboxPayment>();
  const transfers = new Map<string, TransferResult>();

  return {
    name: 'sandbox',
    async startPayment(request) {
      let payment = payments.get(request.reference);
      if (!payment) {
        payment = decide(request);
        payments.set(request.reference, payment);
      }
      return { ...payment.result };
    },
    async submitOtp(reference) {
      const payment = payments.get(reference);
      if (!payment) return { status: 'failed', nextAction: null, authorizationUrl: null, displayText: null, failureReason: UNKNOWN_PAYMENT_REASON };
      return { ...payment.result };
    },
    async verifyPayment(reference) {
      const payment = payments.get(reference);
      return payment ? { ...payment.verified } : unknownPayment(reference);
    },
    async resolveAccountName() {
      return null;
    },
    async createRecipient(request) {
      const account = [request.method, request.bankCode, request.accountNumber.replace(/\s+/g, ''), request.currency].join('|');
      return { recipientCode: sandboxCode('sbx_rcp', account), accountName: request.accountName };
    },
    async startTransfer(request) {
      let transfer = transfers.get(request.reference);
      if (!transfer) {
        transfer = { status: 'succeeded', transferCode: sandboxCode('sbx_trf', request.reference), failureReason: null };
        transfers.set(request.reference, transfer);
      }
      return { ...transfer };
    },
    async verifyTransfer(reference) {
      const transfer = transfers.get(reference);
      return transfer ? { ...transfer } : { status: 'unknown', transferCode: null, failureReason: null };
    },
    verifyWebhookSignature() {
      return false;
    },
  };
}
