import { contractMessage } from '@pulse/contract/messages-i18n';
import { msg } from '@lingui/core/runtime-macro';
import { and, eq, exists, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FARM_DELIVERY_HELD_MESSAGE, TASK_ORDER_ENDED_MESSAGE } from '@pulse/contract/delivery';
import { formatMoney } from '@pulse/contract/money';
import type { Db } from '../../db/client';
import { deliveryTasks, type DeliveryTaskRow } from '../../db/schema/delivery-tasks';
import { notifications } from '../../db/schema/notifications';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { orderItems, type OrderRow } from '../../db/schema/orders';
import { sellerApplications } from '../../db/schema/seller-applications';
import { sellerProfiles } from '../../db/schema/seller-profiles';
import { ConflictError } from '../../errors/domain-errors';
import { notify } from '../notifications/notifications-service';
import type { OrderTrigger } from '../orders/order-state-machine';
import { findAgentsCovering, findTaskByOrderId, insertTask, insertTaskEvent, lockTaskOfOrder, newPickupCode, updateTask } from './delivery-repository';
import { toTaskListItem } from './delivery-json';

/** Stored as the task's ended message (English); the API translates it by lookup. */
const FARM_DELIVERS_ITSELF_MESSAGE = contractMessage(msg`The farm delivers this order itself.`);

/** What changed on a task inside an order transaction; published (socket, notifications) after commit. */
export interface TaskChange {
  task: DeliveryTaskRow;
  kind: 'created' | 'cancelled';
  /** The agent who held the task when it was cancelled (told it ended). */
  formerAgentUserId: string | null;
  currency: string;
}

/** The farm's point: its shop profile, else its application. */
async function farmPoint(db: Db, sellerUserId: string): Promise<{ lat: number | null; lng: number | null }> {
  const [profile] = await db.select({ lat: sellerProfiles.lat, lng: sellerProfiles.lng }).from(sellerProfiles).where(eq(sellerProfiles.userId, sellerUserId));
  if (profile?.lat != null && profile.lng != null) return profile;
  const [application] = await db
    .select({ lat: sellerApplications.lat, lng: sellerApplications.lng })
    .from(sellerApplications)
    .where(eq(sellerApplications.userId, sellerUserId));
  return { lat: application?.lat ?? null, lng: application?.lng ?? null };
}

async function taskSize(db: Db, orderId: string): Promise<{ itemCount: number; weightGrams: number | null }> {
  const items = await db.select({ unit: orderItems.unit, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId));
  let itemCount = 0;
  let grams = 0;
  let weighed = false;
  for (const item of items) {
    itemCount += item.quantity;
    if (item.unit === 'kg') {
      grams += item.quantity * 1000;
      weighed = true;
    } else if (item.unit === 'g') {
      grams += item.quantity;
      weighed = true;
    }
  }
  return { itemCount, weightGrams: weighed ? grams : null };
}

/** A delivery order the farm accepts gets its task in the same transaction. */
export async function createTaskForOrder(db: Db, order: OrderRow, now: Date): Promise<DeliveryTaskRow> {
  const pickup = await farmPoint(db, order.sellerUserId);
  const size = await taskSize(db, order.id);
  const task = await insertTask(db, {
    orderId: order.id,
    sellerUserId: order.sellerUserId,
    buyerUserId: order.buyerUserId,
    pickupLat: pickup.lat,
    pickupLng: pickup.lng,
    dropOffLat: order.deliveryAddress?.lat ?? null,
    dropOffLng: order.deliveryAddress?.lng ?? null,
    feeMinor: order.deliveryFeeMinor,
    itemCount: size.itemCount,
    weightGrams: size.weightGrams,
    windowStartsAt: order.slotStartsAt,
    windowEndsAt: order.slotEndsAt,
    pickupCode: newPickupCode(),
    createdAt: now,
    updatedAt: now,
  });
  await insertTaskEvent(db, { taskId: task.id, kind: 'created', actor: 'seller', actorUserId: order.sellerUserId, createdAt: now });
  return task;
}

/**
 * First thing in an order action's transaction, before the order row is locked. The delivery steps
 * (claim, release, pickup, deliver, fail) lock the task and then the order; an order action that
 * ends the task (a cancel) locked them the other way round, so a farm's cancel racing an agent's
 * claim deadlocked on PostgreSQL and one of them got a 500. Same order everywhere: task, then order.
 */
export async function lockOrderTask(db: Db, orderId: string): Promise<void> {
  await lockTaskOfOrder(db, orderId);
}

/** Before a person's order action: the farm may not hand over or deliver a delivery an agent holds. */
export async function beforeOrderTransition(db: Db, order: OrderRow, trigger: OrderTrigger): Promise<void> {
  if (order.fulfilment !== 'delivery' || (trigger !== 'hand_over' && trigger !== 'mark_delivered')) return;
  const task = await findTaskByOrderId(db, order.id);
  if (task && (task.status === 'claimed' || task.status === 'in_transit')) throw new ConflictError(FARM_DELIVERY_HELD_MESSAGE);
}

/** After a person's order action, in its transaction: create, or end, the order's task. */
export async function afterOrderTransition(db: Db, order: OrderRow, trigger: OrderTrigger, actorUserId: string, now: Date): Promise<TaskChange | null> {
  if (order.fulfilment !== 'delivery') return null;
  if (trigger === 'accept' && order.status === 'accepted') {
    return { task: await createTaskForOrder(db, order, now), kind: 'created', formerAgentUserId: null, currency: order.currency };
  }
  const ends = order.status === 'cancelled' || order.status === 'refunded' || trigger === 'hand_over' || trigger === 'mark_delivered';
  if (!ends) return null;
  const task = await findTaskByOrderId(db, order.id);
  if (!task || !['open', 'claimed', 'failed'].includes(task.status)) return null;
  const byOrderEnd = order.status === 'cancelled' || order.status === 'refunded';
  const updated = await updateTask(db, task.id, {
    status: 'cancelled',
    endedAt: now,
    endedMessage: byOrderEnd ? TASK_ORDER_ENDED_MESSAGE : FARM_DELIVERS_ITSELF_MESSAGE,
    lastLat: null,
    lastLng: null,
    lastAccuracy: null,
    lastPositionAt: null,
  });
  await insertTaskEvent(db, { taskId: task.id, kind: 'cancelled', actor: 'seller', actorUserId, note: updated.endedMessage, createdAt: now });
  return { task: updated, kind: 'cancelled', formerAgentUserId: task.agentUserId, currency: order.currency };
}

/** After commit: offer a new task to the agents around the farm; tell a former holder it ended. */
export async function publishTaskChange(app: FastifyInstance, change: TaskChange): Promise<void> {
  const { task } = change;
  const payload = { taskId: task.id, orderId: task.orderId, status: task.status, agentUserId: task.agentUserId, updatedAt: task.updatedAt.toISOString() };
  app.realtime.emitToUser(task.buyerUserId, 'deliveryTaskUpdated', payload);
  app.realtime.emitToUser(task.sellerUserId, 'deliveryTaskUpdated', payload);
  if (change.kind === 'created' && task.pickupLat !== null && task.pickupLng !== null) {
    await offerTask(app, task, change.currency);
  }
  if (change.kind === 'cancelled' && change.formerAgentUserId) {
    app.realtime.emitToUser(change.formerAgentUserId, 'deliveryTaskUpdated', payload);
    // The agent who held it is told in words too (and by web push when subscribed): do not collect it.
    try {
      await notify(app, change.formerAgentUserId, {
        type: 'delivery_update',
        source: 'marketplace',
        message: task.endedMessage ?? TASK_ORDER_ENDED_MESSAGE,
        content_type: 'delivery_task',
        related_entity_id: task.id,
        idempotencyKey: `delivery:${task.id}:ended:${change.formerAgentUserId}`,
      });
    } catch (error) {
      app.log.error({ err: error, taskId: task.id }, 'telling the agent a task ended failed');
    }
  }
}

/** Of these agents, those with at least one web push subscription. */
async function withPushSubscription(db: Db, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
  return rows.map((row) => row.userId);
}

export async function offerTask(app: FastifyInstance, task: DeliveryTaskRow, currency: string): Promise<void> {
  if (task.pickupLat === null || task.pickupLng === null) return;
  try {
    const agentIds = await findAgentsCovering(app.db, { lat: task.pickupLat, lng: task.pickupLng });
    if (agentIds.length === 0) return;
    const item = await toTaskListItem(app.db, task, currency, null);
    for (const agentUserId of agentIds) app.realtime.emitToUser(agentUserId, 'deliveryTaskOffered', item);
    // Agents with web push get a notification (pushed by the notification listeners); the others see the live list.
    const fee = formatMoney(item.feeMinor, item.currency);
    const farmName = item.pickup.farmName;
    const city = item.dropOff.city;
    const message = city ? msg`New delivery task near you: ${{ farmName }} to ${{ city }}, ${{ fee }}` : msg`New delivery task near you: ${{ farmName }} to a buyer, ${{ fee }}`;
    for (const agentUserId of await withPushSubscription(app.db, agentIds)) {
      await notify(app, agentUserId, {
        type: 'delivery_update',
        source: 'marketplace',
        message,
        content_type: 'delivery_task',
        related_entity_id: task.id,
        idempotencyKey: `delivery-offer:${task.id}:${task.attempt}:${agentUserId}`,
      });
    }
  } catch (error) {
    app.log.error({ err: error, taskId: task.id }, 'offering a delivery task failed');
  }
}

/**
 * Farms whose delivery nobody claimed by the slot's start are told once per attempt, so they can
 * deliver it themselves. Run by the order timers (every 30 s); safe with several processes: the
 * notification's idempotency key (unique per user) lets one process create it, and tasks already
 * told are skipped in the query.
 */
export async function sweepUnclaimedTasks(app: FastifyInstance, now: Date = new Date(), limit = 100): Promise<number> {
  const key = sql<string>`'delivery-unclaimed:' || ${deliveryTasks.id} || ':' || ${deliveryTasks.attempt}`;
  const rows = await app.db
    .select({ id: deliveryTasks.id, orderId: deliveryTasks.orderId, sellerUserId: deliveryTasks.sellerUserId, attempt: deliveryTasks.attempt })
    .from(deliveryTasks)
    .where(
      and(
        eq(deliveryTasks.status, 'open'),
        lte(deliveryTasks.windowStartsAt, now),
        sql`not ${exists(
          app.db
            .select({ one: sql`1` })
            .from(notifications)
            .where(and(eq(notifications.userId, deliveryTasks.sellerUserId), eq(notifications.idempotencyKey, key))),
        )}`,
      ),
    )
    .limit(limit);
  for (const row of rows) {
    await notify(app, row.sellerUserId, {
      type: 'delivery_update',
      source: 'marketplace',
      message: msg`No Pulse Agent has taken this delivery yet and its time slot has started. You can deliver it yourself: hand it over from the order page.`,
      content_type: 'order',
      related_entity_id: row.orderId,
      idempotencyKey: `delivery-unclaimed:${row.id}:${row.attempt}`,
    });
  }
  return rows.length;
}
