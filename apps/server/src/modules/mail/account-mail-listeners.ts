import type { DeliveryTaskRow } from '../../db/schema/delivery-tasks';
import type { DomainEvents, InTransactionContext } from '../../lib/domain-events';
import '../admin/application-events';
import '../delivery/delivery-order-listeners';
import { findOrderSummary } from '../orders/orders-repository';
import '../payments/payment-events';
import '../wallet/payout-events';
import { applicationDecidedMail, deliveryTaskMail, payoutDecidedMail, topUpReceivedMail } from './account-mail-messages';
import { findMailRecipient, queueMailInTransaction } from './order-mail-listeners';
import { orderNumber } from './order-mail-messages';

/**
 * Money and account mail (issue 25, item 4), queued in the transaction of the change: the top-up
 * receipt when a verified top-up is credited, a payout sent (a receipt) or failed / reversed, a
 * seller's or agent's application decided, an agent's delivery task assigned or called off.
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

  events.onTransaction('application.decided', 'mail.application-decided', async (decision, ctx) => {
    const recipient = await findMailRecipient(ctx.tx, decision.userId);
    if (!recipient) return;
    await queueMailInTransaction(ctx, {
      kind: `${decision.kind}_application_${decision.status}`,
      category: 'applications',
      to: recipient.email,
      userId: recipient.userId,
      content: applicationDecidedMail(ctx.config, recipient, decision),
    });
  });

  const taskMail = (kind: 'assigned' | 'released') => async ({ task, agentUserId }: { task: DeliveryTaskRow; agentUserId: string }, ctx: InTransactionContext) => {
    const recipient = await findMailRecipient(ctx.tx, agentUserId);
    if (!recipient) return;
    const summary = await findOrderSummary(ctx.tx, task.orderId);
    await queueMailInTransaction(ctx, {
      kind: `delivery_task_${kind}`,
      category: 'deliveries',
      to: recipient.email,
      userId: recipient.userId,
      content: deliveryTaskMail(ctx.config, recipient, {
        kind,
        orderNumber: orderNumber(task.orderId),
        shopName: summary?.shopName ?? '',
        feeMinor: task.feeMinor,
        currency: ctx.config.currency,
        windowStartsAt: task.windowStartsAt,
        windowEndsAt: task.windowEndsAt,
      }),
    });
  };
  events.onTransaction('delivery.task_assigned', 'mail.delivery-task-assigned', taskMail('assigned'));
  events.onTransaction('delivery.task_released', 'mail.delivery-task-released', taskMail('released'));
}
