import { msg } from '@lingui/core/runtime-macro';
import type { DomainEvents } from '../../lib/domain-events';
import '../orders/order-events';
import { findOrderSummary } from '../orders/orders-repository';
import { notify } from './notifications-service';

/**
 * The order's parties hear about its changes (decision 052): after the commit of a transition, each
 * party the state machine has a text for is told, never the one who acted; after final weights the
 * buyer hears that the difference is back. A failed notification is logged and the next is tried.
 * Web push follows every notification through `app.notificationListeners` (push module).
 */
export function registerOrderNotificationListeners(events: DomainEvents): void {
  events.afterCommit('order.status_changed', 'notifications.order-parties', async (change, app) => {
    const record = await findOrderSummary(app.db, change.order.id);
    if (!record) return;
    const context = { shopName: record.shopName, buyerUsername: record.buyerUsername, toStatus: change.order.status, fulfilment: change.order.fulfilment };
    const parties = [
      { party: 'buyer' as const, userId: change.order.buyerUserId },
      { party: 'seller' as const, userId: change.order.sellerUserId },
    ];
    for (const { party, userId } of parties) {
      const message = change.transition.notify[party];
      if (!message || userId === change.actingUserId) continue;
      try {
        await notify(app, userId, {
          type: 'order_update',
          source: 'marketplace',
          message: message(context),
          related_entity_id: change.order.id,
          content_type: 'order',
          idempotencyKey: `order:${change.order.id}:${change.order.status}:${change.event.id}`,
          // The farm's choice for its incoming orders, the buyer's for their own (decision 055).
          category: party === 'seller' ? 'shop_orders' : 'orders',
        });
      } catch (error) {
        app.log.error({ err: error, orderId: change.order.id }, 'Order notification failed');
      }
    }
  });

  events.afterCommit('order.weights_recorded', 'notifications.final-weights', async ({ order, event, returnedMinor }, app) => {
    if (returnedMinor <= 0) return;
    const record = await findOrderSummary(app.db, order.id);
    await notify(app, order.buyerUserId, {
      type: 'order_update',
      source: 'marketplace',
      message: record?.shopName ? msg`${{ shopName: record.shopName }} weighed your order: the difference is back in your wallet` : msg`The farm weighed your order: the difference is back in your wallet`,
      related_entity_id: order.id,
      content_type: 'order',
      idempotencyKey: `order:${order.id}:weight:${event.id}`,
    });
  });
}
