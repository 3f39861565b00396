import type { DeliveryTaskRow } from '../../db/schema/delivery-tasks';
import type { DomainEvents } from '../../lib/domain-events';
import '../orders/order-events';
import { afterOrderTransition, beforeOrderTransition, lockOrderTask, publishTaskChange, sweepUnclaimedTasks, type TaskChange } from './delivery-order-hooks';

declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** After the commit of an order action that created or ended the order's delivery task. */
    'delivery.task_changed': TaskChange;
    /** In the transaction of a claim: the agent took the delivery task (mail confirms it to them). */
    'delivery.task_assigned': { task: DeliveryTaskRow; agentUserId: string };
    /** In the transaction of an order action that ended a task an agent held (the order was cancelled): the agent no longer delivers it. */
    'delivery.task_released': { task: DeliveryTaskRow; agentUserId: string };
  }
}

/**
 * Delivery follows a person's order actions (decision 021, 052), in the action's transaction: the
 * task is locked before the order (one lock order everywhere), a farm may not hand over a delivery
 * an agent holds, accepting a delivery order creates its task and ending the order ends it. The
 * agents and parties hear of the task after the commit. Farms whose delivery nobody claimed are
 * told after each pass of the order timers.
 */
export function registerDeliveryOrderListeners(events: DomainEvents): void {
  events.onTransaction('order.action_locking', 'delivery.lock-task', async ({ orderId }, ctx) => {
    await lockOrderTask(ctx.tx, orderId);
  });
  events.onTransaction('order.action_requested', 'delivery.refuse-held-hand-over', async ({ order, trigger }, ctx) => {
    await beforeOrderTransition(ctx.tx, order, trigger);
  });
  events.onTransaction('order.action_performed', 'delivery.create-or-end-task', async (action, ctx) => {
    const change = await afterOrderTransition(ctx.tx, action.order, action.trigger, action.actingUserId, ctx.now);
    if (change) ctx.afterCommit('delivery.task_changed', change);
    if (change?.kind === 'cancelled' && change.formerAgentUserId) {
      await events.publishInTransaction('delivery.task_released', { task: change.task, agentUserId: change.formerAgentUserId }, ctx);
    }
  });
  events.afterCommit('delivery.task_changed', 'delivery.publish-task', async (change, app) => {
    await publishTaskChange(app, change);
  });
  events.afterCommit('order.timers_swept', 'delivery.unclaimed-tasks', async ({ now }, app) => {
    await sweepUnclaimedTasks(app, now);
  });
}
