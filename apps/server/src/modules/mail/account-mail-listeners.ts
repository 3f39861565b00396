import type { DomainEvents } from '../../lib/domain-events';
import '../payments/payment-events';
import '../wallet/payout-events';
import { payoutDecidedMail, topUpReceivedMail } from './account-mail-messages';
import { findMailRecipient, queueMailInTransaction } from './order-mail-listeners';

/**
 * Money and account mail (issue 25, item 4), queued in the transaction of the change: the top-up
 * receipt when a verified top-up is credited, a payout sent (a receipt) or failed / reversed.
 */
export function registerAccountMailListeners(events: DomainEvents): void {
  events.onTransaction('payment.top_up_received', 'mail.top-up-received', async (topUp, ctx) => {
    const recipient = await findMailRecipient(ctx.tx, topUp.userId);
    if (!recipient) return;
    await queueMailInTransaction(ctx, {
      kind: 'top_up_received',
      category: 'receipt',
      to: recipient.email,
      userId: recipient.userId,
      content: topUpReceivedMail(ctx.config, recipient, topUp),
    });
  });

  events.onTransaction('payout.decided', 'mail.payout-decided', async ({ payout }, ctx) => {
    if (payout.status !== 'succeeded' && payout.status !== 'failed' && payout.status !== 'reversed') return;
    const recipient = await findMailRecipient(ctx.tx, payout.userId);
    if (!recipient) return;
    const sent = payout.status === 'succeeded';
    await queueMailInTransaction(ctx, {
      kind: sent ? 'payout_sent' : 'payout_failed',
      category: sent ? 'receipt' : 'payouts',
      to: recipient.email,
      userId: recipient.userId,
      // Farms get the orange seller mail; agents (and anyone else paid out) the green one.
      content: payoutDecidedMail(ctx.config, recipient, recipient.roles.includes('seller') ? 'seller' : 'buyer', { ...payout, status: payout.status }),
    });
  });
}
