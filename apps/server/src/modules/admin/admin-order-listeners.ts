import type { DomainEvents } from '../../lib/domain-events';
import '../orders/order-events';
import { recordAdminAction } from './audit-log';

/** Every admin decision on an order is in the audit log, written in the action's transaction (decision 052). */
export function registerAdminOrderListeners(events: DomainEvents): void {
  events.onTransaction('order.action_performed', 'admin.audit-order-action', async (action, ctx) => {
    if (action.actor !== 'admin') return;
    await recordAdminAction(ctx.tx, {
      adminUserId: action.actingUserId,
      action: `order.${action.trigger}`,
      targetType: 'order',
      targetId: action.order.id,
      details: { fromStatus: action.fromStatus, toStatus: action.order.status, reason: action.event.note },
    });
  });
}
