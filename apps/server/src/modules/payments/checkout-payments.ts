import type { OrderRow } from '../../db/schema/orders';
import type { PaymentIntentRow } from '../../db/schema/payments';
import { moneyKeptInWalletText } from '../checkout/checkout-payment-messages';
import { lockCheckoutOrders, listOrderedQuantities, restoreBasketLines } from '../checkout/checkout-payments-repository';
import { notify } from '../notifications/notifications-service';
import { notifyTransition, runTransition, type TransitionOutcome } from '../orders/orders-service';
import { postLedgerTransaction } from '../wallet/ledger-service';
import { intentLedgerKey, postProviderFee } from './intent-ledger';
import type { DecisionContext, IntentPurpose } from './intent-purposes';

/**
 * Pay at checkout (issue 24): an intent of purpose `checkout` pays the exact total of one
 * checkout's orders, which wait in `pending_payment` (stock reserved) until it is decided.
 *
 * Decided inside decideIntent's transaction, the intent row locked:
 * - succeeded: the verified money goes into the buyer's wallet (ledger kind top_up, key
 *   `intent:<id>`, the provider's fee as for a top-up), then every order of the checkout still
 *   `pending_payment` is paid from it by the orders' own 'pay' transition (wallet -> escrow), in the
 *   same transaction. An order that lapsed (or was cancelled, or paid from the wallet) before the
 *   money arrived is left as it is: the money stays in the wallet and the buyer is told.
 * - failed or abandoned: nothing moves; the orders still waiting are cancelled at once (reservation
 *   and slot released) and their lines go back into the basket, so the buyer can try again.
 * The orders are locked before the ledger accounts, as an order action locks them.
 */
export const checkoutPurpose: IntentPurpose = {
  async succeeded(db, intent, verified, context) {
    const checkoutId = requireCheckout(intent);
    const waiting = (await lockCheckoutOrders(db, checkoutId)).filter((order) => order.status === 'pending_payment');
    const { transactionId } = await postLedgerTransaction(db, {
      kind: 'top_up',
      idempotencyKey: intentLedgerKey(intent.id),
      memo: 'Paid at checkout',
      currency: intent.currency,
      postings: [
        { account: { ownerUserId: null, kind: 'provider_clearing' }, amountMinor: -verified.amountMinor },
        { account: { ownerUserId: intent.userId, kind: 'user_available' }, amountMinor: verified.amountMinor },
      ],
      at: context.now,
    });
    await postProviderFee(db, intent, verified.feesMinor);

    const outcomes: TransitionOutcome[] = [];
    for (const order of waiting) {
      outcomes.push(await runTransition(db, context.app.config, order, 'pay', { roles: ['buyer'], userId: intent.userId }, {}, context.now));
    }
    const paidMinor = outcomes.reduce((sum, outcome) => sum + outcome.order.totalMinor, 0);
    const leftMinor = verified.amountMinor - paidMinor;
    const orders = await lockCheckoutOrders(db, checkoutId);

    context.afterCommit(async () => {
      for (const outcome of outcomes) await notifyTransition(context.app, outcome, intent.userId);
      if (leftMinor > 0) await tellMoneyInWallet(context, intent, leftMinor, orders);
    });
    return { ledgerTransactionId: transactionId };
  },

  async notPaid(db, intent, _status, reason, context) {
    const checkoutId = requireCheckout(intent);
    const waiting = (await lockCheckoutOrders(db, checkoutId)).filter((order) => order.status === 'pending_payment');
    if (waiting.length === 0) return;
    const outcomes: TransitionOutcome[] = [];
    for (const order of waiting) {
      // The buyer's payment did not go through: the buyer's own cancel of an unpaid order, with the reason on it.
      outcomes.push(await runTransition(db, context.app.config, order, 'cancel', { roles: ['buyer'], userId: intent.userId }, { reason }, context.now));
    }
    await restoreBasketLines(db, intent.userId, await listOrderedQuantities(db, waiting.map((order) => order.id)));
    context.afterCommit(async () => {
      for (const outcome of outcomes) await notifyTransition(context.app, outcome, intent.userId);
    });
  },
};

function requireCheckout(intent: PaymentIntentRow): string {
  if (!intent.checkoutId) throw new Error(`checkout payment intent ${intent.id} names no checkout`);
  return intent.checkoutId;
}

/**
 * Money that arrived for orders it could no longer pay stays in the wallet, and the buyer reads why
 * (in the buyer's language, the amount in its format): the orders lapsed (or were cancelled) first,
 * or they were paid from the wallet meanwhile.
 */
async function tellMoneyInWallet(context: DecisionContext, intent: PaymentIntentRow, amountMinor: number, orders: readonly OrderRow[]): Promise<void> {
  const lapsed = orders.some((order) => order.status === 'cancelled');
  await notify(context.app, intent.userId, {
    type: 'order_update',
    source: 'marketplace',
    message: moneyKeptInWalletText(amountMinor, intent.currency, lapsed),
    content_type: 'order',
    related_entity_id: orders[0]?.id ?? null,
    idempotencyKey: `checkout-payment:${intent.id}:in-wallet`,
  });
}
