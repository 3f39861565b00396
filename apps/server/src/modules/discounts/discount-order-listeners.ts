import type { DomainEvents } from '../../lib/domain-events';
import '../orders/order-events';
import { returnRedemptions } from './discounts-repository';

/**
 * A cancelled or refunded order gives its codes' uses back (decision 062), in the transition's
 * transaction. The money of a platform code goes back in the refund's own money step (order-money).
 */
export function registerDiscountOrderListeners(events: DomainEvents): void {
  events.onTransaction('order.cancelled', 'discounts.return-uses', async ({ order }, ctx) => {
    await returnRedemptions(ctx.tx, order.id, ctx.now);
  });
  events.onTransaction('order.refunded', 'discounts.return-uses-on-refund', async ({ order }, ctx) => {
    await returnRedemptions(ctx.tx, order.id, ctx.now);
  });
}
