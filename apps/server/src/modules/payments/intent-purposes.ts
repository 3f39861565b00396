import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentIntentRow } from '../../db/schema/payments';
import { postLedgerTransaction } from '../wallet/ledger-service';
import { settleTopUpOfIntent } from '../wallet/wallet-repository';
import { checkoutPurpose } from './checkout-payments';
import { intentLedgerKey, postProviderFee } from './intent-ledger';
import { publishInDecision } from './payment-events';

export { intentFeeLedgerKey, intentLedgerKey, postProviderFee } from './intent-ledger';

/**
 * What a decided intent does for the thing it pays for, inside the decision's transaction (the
 * intent row is locked). One entry per purpose: pay-at-checkout plugs in here (move the money on
 * from the wallet to escrow, or leave it in the wallet when the payment window lapsed).
 */
export interface IntentPurpose {
  /** The verified money arrived: credit it. Runs once per intent (ledger keys `intent:<id>`). */
  succeeded(db: Db, intent: PaymentIntentRow, verified: { amountMinor: number; feesMinor: number }, context: DecisionContext): Promise<{ ledgerTransactionId: string }>;
  /** Nothing arrived (failed, abandoned, or a verify that disagreed): nothing moves. */
  notPaid(db: Db, intent: PaymentIntentRow, status: 'failed' | 'abandoned', reason: string, context: DecisionContext): Promise<void>;
}

/** What a purpose may use while its decision's transaction is open. */
export interface DecisionContext {
  app: FastifyInstance;
  /** The decision's time (the sweep's clock in tests). */
  now: Date;
  /** Work for after the commit (notifications): skipped when the transaction rolls back; a failing task is logged. */
  afterCommit(task: () => Promise<void>): void;
}

const topUpPurpose: IntentPurpose = {
  async succeeded(db, intent, verified, context) {
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
    await publishInDecision(db, context, 'payment.top_up_received', { userId: intent.userId, amountMinor: verified.amountMinor, currency: intent.currency, intentId: intent.id });
    return { ledgerTransactionId: transactionId };
  },
  async notPaid(db, intent, status, reason) {
    await settleTopUpOfIntent(db, intent.id, { status, failureReason: reason });
  },
};

export const INTENT_PURPOSES: Record<PaymentIntentRow['purpose'], IntentPurpose> = {
  top_up: topUpPurpose,
  checkout: checkoutPurpose,
};
