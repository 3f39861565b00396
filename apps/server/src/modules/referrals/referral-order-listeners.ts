import type { DomainEvents } from '../../lib/domain-events';
import '../orders/order-events';
import { openReferralEarnings, reverseReferralEarnings, settleReferralEarnings } from './referral-earnings-service';

/**
 * Referral earnings follow the order's money (decision 023), inside the transition's transaction,
 * right after the money step they follow (decision 052): paid opens the pending earning, completed
 * settles it, refunded (a cancelled paid order, an approved refund) reverses it.
 */
export function registerReferralOrderListeners(events: DomainEvents): void {
  events.onTransaction('order.paid', 'referrals.open-earnings', async ({ order }, ctx) => {
    await openReferralEarnings(ctx.tx, ctx.config, order, ctx.now);
  });
  events.onTransaction('order.completed', 'referrals.settle-earnings', async ({ order }, ctx) => {
    await settleReferralEarnings(ctx.tx, ctx.config, order, ctx.now);
  });
  events.onTransaction('order.refunded', 'referrals.reverse-earnings', async ({ order }, ctx) => {
    await reverseReferralEarnings(ctx.tx, order.id, ctx.now);
  });
}
