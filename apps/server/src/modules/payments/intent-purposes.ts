import type { Db } from '../../db/client';
import type { PaymentIntentRow } from '../../db/schema/payments';
import { postLedgerTransaction } from '../wallet/ledger-service';
import { settleTopUpOfIntent } from '../wallet/wallet-repository';

/**
 * What a decided intent does for the thing it pays for, inside the decision's transaction (the
 * intent row is locked). One entry per purpose: pay-at-checkout plugs in here (move the money on
 * from the wallet to escrow, or leave it in the wallet when the payment window lapsed).
 */
export interface IntentPurpose {
  /** The verified money arrived: credit it. Runs once per intent (ledger keys `intent:<id>`). */
  succeeded(db: Db, intent: PaymentIntentRow, verified: { amountMinor: number; feesMinor: number }): Promise<{ ledgerTransactionId: string }>;
  /** Nothing arrived (failed, abandoned, or a verify that disagreed): nothing moves. */
  notPaid(db: Db, intent: PaymentIntentRow, status: 'failed' | 'abandoned', reason: string): Promise<void>;
}

/** The ledger key of an intent's credit; the admin's reconciliation finds the transaction by it. */
export function intentLedgerKey(intentId: string): string {
  return `intent:${intentId}`;
}

export function intentFeeLedgerKey(intentId: string): string {
  return `intent-fee:${intentId}`;
}

/**
 * The provider's fee, so provider_clearing ends at what the provider settles: the credit moved the
 * whole amount out of clearing (negative: money the provider holds for us), the fee brings it back
 * by what the provider kept, and the platform bears it (platform_provider_fees goes negative).
 */
async function postProviderFee(db: Db, intent: PaymentIntentRow, feesMinor: number): Promise<void> {
  if (feesMinor <= 0) return;
  await postLedgerTransaction(db, {
    kind: 'provider_fee',
    idempotencyKey: intentFeeLedgerKey(intent.id),
    memo: `Provider fee on ${intent.reference}`,
    currency: intent.currency,
    postings: [
      { account: { ownerUserId: null, kind: 'provider_clearing' }, amountMinor: feesMinor },
      { account: { ownerUserId: null, kind: 'platform_provider_fees' }, amountMinor: -feesMinor },
    ],
  });
}

const topUpPurpose: IntentPurpose = {
  async succeeded(db, intent, verified) {
    const { transactionId } = await postLedgerTransaction(db, {
      kind: 'top_up',
      idempotencyKey: intentLedgerKey(intent.id),
      memo: 'Wallet top-up',
      currency: intent.currency,
      postings: [
        { account: { ownerUserId: null, kind: 'provider_clearing' }, amountMinor: -verified.amountMinor },
        { account: { ownerUserId: intent.userId, kind: 'user_available' }, amountMinor: verified.amountMinor },
      ],
    });
    await postProviderFee(db, intent, verified.feesMinor);
    await settleTopUpOfIntent(db, intent.id, { status: 'succeeded', failureReason: null });
    return { ledgerTransactionId: transactionId };
  },
  async notPaid(db, intent, status, reason) {
    await settleTopUpOfIntent(db, intent.id, { status, failureReason: reason });
  },
};

const checkoutPurpose: IntentPurpose = {
  succeeded() {
    // Pay-at-checkout is not built yet: no intent of this purpose is ever created.
    return Promise.reject(new Error('checkout payment intents are not supported yet'));
  },
  notPaid() {
    return Promise.reject(new Error('checkout payment intents are not supported yet'));
  },
};

export const INTENT_PURPOSES: Record<PaymentIntentRow['purpose'], IntentPurpose> = {
  top_up: topUpPurpose,
  checkout: checkoutPurpose,
};
