import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ACTIVE_TASK_STATUSES,
  CODE_ATTEMPTS_EXHAUSTED_MESSAGE,
  DELIVERY_CODE_WRONG_MESSAGE,
  MAX_DELIVERY_CODE_ATTEMPTS,
  NOT_PICKED_UP_MESSAGE,
  PICKUP_CODE_WRONG_MESSAGE,
  RELEASE_AFTER_PICKUP_MESSAGE,
  TASK_ENDED_MESSAGE,
  TASK_NOT_FOUND_MESSAGE,
  TASK_NOT_OPEN_MESSAGE,
  TASK_TAKEN_MESSAGE,
  TOO_MANY_TASKS_MESSAGE,
  failureReasonLabels,
  type TDeliverTaskRequest,
  type TDeliveryTask,
  type TFailTaskRequest,
  type TGetOrderDeliveryResponse,
  type TListMyTasksResponse,
  type TListOpenTasksResponse,
  type TPostPositionRequest,
} from '@pulse/contract/delivery';
import type { TVehicle } from '@pulse/contract/agents';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema/agents';
import type { DeliveryTaskRow } from '../../db/schema/delivery-tasks';
import type { OrderRow } from '../../db/schema/orders';
import { users, type UserRow } from '../../db/schema/users';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { PendingEvents } from '../../lib/domain-events';
import { assertDeliveryAgent } from '../agents/agents-service';
import { notify } from '../notifications/notifications-service';
import { findOrderSummary, insertOrderEvent, lockOrder } from '../orders/orders-repository';
import { holdAgentFee } from '../orders/order-money';
import { notifyTransition, partyRoles, runTransition, type TransitionOutcome } from '../orders/orders-service';
import { findOwnedUpload } from '../uploads/uploads-repository';
import { offerTask } from './delivery-order-hooks';
import { loadTaskContext, proofPhotoUrl, toEventsJson, toTaskListItem, toTaskView } from './delivery-json';
import {
  claimOpenTask,
  countActiveTasks,
  findTaskById,
  findTaskByOrderId,
  haversineKmJs,
  insertTaskEvent,
  listOpenTasksNear,
  listTasksOfAgent,
  lockAgentRow,
  lockTask,
  newPickupCode,
  updateTask,
} from './delivery-repository';

export const PHOTO_NOT_FOUND_MESSAGE = contractMessage(msg`Upload the photo again: that upload was not found.`);
export const FARM_ONLY_MESSAGE = contractMessage(msg`Only the farm or Pulse Market support can do this.`);

const ORDER_ENDED_STATUSES = ['cancelled', 'refunded'];

/** A task the caller may see: open ones to any delivery agent, others only to the agent who held it. */
async function visibleTask(db: Db, caller: UserRow, taskId: string): Promise<DeliveryTaskRow> {
  const task = await findTaskById(db, taskId);
  if (!task || (task.status !== 'open' && task.agentUserId !== caller.id)) throw new NotFoundError(TASK_NOT_FOUND_MESSAGE);
  return task;
}

/** The task held by the caller (any status it reached under them); others: 404. */
function assertHolder(task: DeliveryTaskRow | null, caller: UserRow): DeliveryTaskRow {
  if (!task || task.agentUserId !== caller.id) throw new NotFoundError(TASK_NOT_FOUND_MESSAGE);
  return task;
}

function endedError(task: DeliveryTaskRow): ConflictError {
  return new ConflictError(task.endedMessage ?? TASK_ENDED_MESSAGE);
}

interface StepNotice {
  task: DeliveryTaskRow;
  /** Text per party; the agent is told through the answer itself. */
  buyer?: MessageDescriptor;
  seller?: MessageDescriptor;
  agent?: MessageDescriptor;
  key: string;
  orderOutcome?: TransitionOutcome | null;
}

async function publishStep(app: FastifyInstance, notice: StepNotice, actingUserId: string): Promise<void> {
  const { task } = notice;
  const payload = { taskId: task.id, orderId: task.orderId, status: task.status, agentUserId: task.agentUserId, updatedAt: task.updatedAt.toISOString() };
  for (const userId of new Set([task.buyerUserId, task.sellerUserId, actingUserId])) app.realtime.emitToUser(userId, 'deliveryTaskUpdated', payload);
  if (notice.orderOutcome) {
    await notifyTransition(app, notice.orderOutcome, actingUserId);
    return;
  }
  const targets: Array<[string, MessageDescriptor | undefined]> = [
    [task.buyerUserId, notice.buyer],
    [task.sellerUserId, notice.seller],
  ];
  for (const [userId, message] of targets) {
    if (!message) continue;
    try {
      await notify(app, userId, {
        type: 'delivery_update',
        source: 'marketplace',
        message,
        content_type: 'order',
        related_entity_id: task.orderId,
        idempotencyKey: `delivery:${task.id}:${notice.key}:${userId}`,
      });
    } catch (error) {
      app.log.error({ err: error, taskId: task.id }, 'delivery notification failed');
    }
  }
}

/** An order-timeline line for a task step that does not move the order. */
async function orderNote(tx: Db, order: OrderRow, actorUserId: string, note: string, now: Date): Promise<void> {
  await insertOrderEvent(tx, { orderId: order.id, fromStatus: order.status, toStatus: order.status, actor: 'agent', actorUserId, note, createdAt: now });
}

/* ------------------------------------------------------------------ reads */

export async function listOpenTasks(db: Db, caller: UserRow, limit: number): Promise<TListOpenTasksResponse> {
  const agent = await assertDeliveryAgent(db, caller);
  if (agent.lat === null || agent.lng === null) return { items: [], origin: null, radiusKm: agent.workingRadiusKm };
  const origin = { lat: agent.lat, lng: agent.lng };
  const rows = await listOpenTasksNear(db, origin, agent.workingRadiusKm, limit);
  return { items: await Promise.all(rows.map((row) => toTaskListItem(db, row, null, row.distanceToPickupKm))), origin, radiusKm: agent.workingRadiusKm };
}

export async function listMyTasks(app: FastifyInstance, caller: UserRow, scope: 'active' | 'ended' | 'all'): Promise<TListMyTasksResponse> {
  await assertDeliveryAgent(app.db, caller);
  const ended = ['delivered', 'failed', 'returned', 'cancelled'] as const;
  const statuses = scope === 'active' ? ACTIVE_TASK_STATUSES : scope === 'ended' ? ended : [...ACTIVE_TASK_STATUSES, ...ended];
  const rows = await listTasksOfAgent(app.db, caller.id, statuses);
  return { items: await Promise.all(rows.map((row) => toTaskView(app.db, row, caller.id))), maxActiveTasks: app.config.agentMaxActiveTasks };
}

export async function getTask(db: Db, caller: UserRow, taskId: string): Promise<TDeliveryTask> {
  await assertDeliveryAgent(db, caller);
  return toTaskView(db, await visibleTask(db, caller, taskId), caller.id);
}

/* ------------------------------------------------------------------ steps */

/** POST /claim: one conditional UPDATE decides the winner (delivery-repository claimOpenTask). */
export async function claimTask(app: FastifyInstance, caller: UserRow, taskId: string, now = new Date()): Promise<TDeliveryTask> {
  await assertDeliveryAgent(app.db, caller);
  const result = await app.db.transaction(async (tx) => {
    await lockAgentRow(tx, caller.id);
    const claimed = await claimOpenTask(tx, taskId, caller.id, app.config.agentMaxActiveTasks, now);
    if (!claimed) {
      const task = await findTaskById(tx, taskId);
      if (!task) throw new NotFoundError(TASK_NOT_FOUND_MESSAGE);
      // A double tap: the caller already holds it; same answer, nothing done twice.
      if (task.agentUserId === caller.id && (task.status === 'claimed' || task.status === 'in_transit')) return { task, fresh: false, pending: null };
      if (task.status === 'claimed' || task.status === 'in_transit') throw new ConflictError(TASK_TAKEN_MESSAGE);
      if (task.status !== 'open') throw task.endedMessage ? endedError(task) : new ConflictError(TASK_NOT_OPEN_MESSAGE);
      if ((await countActiveTasks(tx, caller.id)) >= app.config.agentMaxActiveTasks) throw new ConflictError(TOO_MANY_TASKS_MESSAGE);
      throw new ConflictError(TASK_TAKEN_MESSAGE);
    }
    const order = await lockOrder(tx, claimed.orderId);
    if (!order || ORDER_ENDED_STATUSES.includes(order.status)) throw new ConflictError(TASK_NOT_OPEN_MESSAGE);
    await insertTaskEvent(tx, { taskId, kind: 'claimed', actor: 'agent', actorUserId: caller.id, createdAt: now });
    await orderNote(tx, order, caller.id, 'A Pulse Agent took the delivery', now);
    const pending = new PendingEvents(tx, app.config, now);
    await pending.inTransaction('delivery.task_assigned', { task: claimed, agentUserId: caller.id });
    return { task: claimed, fresh: true, pending };
  });
  if (result.pending) await result.pending.publish(app);
  if (result.fresh) {
    await publishStep(
      app,
      { task: result.task, key: `claim:${result.task.attempt}`, buyer: msg`A Pulse Agent will deliver your order`, seller: msg`A Pulse Agent will collect an order: show them the pickup code` },
      caller.id,
    );
  }
  return toTaskView(app.db, result.task, caller.id);
}

export async function releaseTask(app: FastifyInstance, caller: UserRow, taskId: string, reason: string, now = new Date()): Promise<TDeliveryTask> {
  await assertDeliveryAgent(app.db, caller);
  const result = await app.db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    if (task && task.status === 'open') {
      // Already released (a double tap): the same answer, if this agent was the last to hold it.
      const events = await toEventsJson(tx, task.id);
      const last = events.filter((event) => event.kind === 'released').pop();
      if (last && task.agentUserId === null) return { task, fresh: false, currency: null };
    }
    const held = assertHolder(task, caller);
    if (held.status === 'in_transit') throw new ConflictError(RELEASE_AFTER_PICKUP_MESSAGE);
    if (held.status !== 'claimed') throw endedError(held);
    const updated = await updateTask(tx, held.id, { status: 'open', agentUserId: null, claimedAt: null, pickupCode: newPickupCode(), updatedAt: now });
    await insertTaskEvent(tx, { taskId, kind: 'released', actor: 'agent', actorUserId: caller.id, note: reason, createdAt: now });
    const order = await lockOrder(tx, held.orderId);
    if (order) await orderNote(tx, order, caller.id, `The Pulse Agent released the delivery: ${reason}`, now);
    return { task: updated, fresh: true, currency: order?.currency ?? null };
  });
  if (result.fresh) {
    await publishStep(app, { task: result.task, key: `release:${now.getTime()}`, seller: msg`The Pulse Agent released a delivery (${{ reason }}); it is open for other agents again` }, caller.id);
    await offerTask(app, result.task, result.currency ?? app.config.currency);
  }
  const view = await toTaskView(app.db, result.task, caller.id);
  return view;
}

export async function pickupTask(app: FastifyInstance, caller: UserRow, taskId: string, code: string, now = new Date()): Promise<TDeliveryTask> {
  await assertDeliveryAgent(app.db, caller);
  const result = await app.db.transaction(async (tx) => {
    const task = assertHolder(await lockTask(tx, taskId), caller);
    if (task.status === 'in_transit' || task.status === 'delivered') return { task, outcome: null };
    if (task.status !== 'claimed') throw endedError(task);
    const order = await lockOrder(tx, task.orderId);
    if (!order || ORDER_ENDED_STATUSES.includes(order.status)) throw endedError(task);
    if (code !== task.pickupCode) throw new InvalidError(PICKUP_CODE_WRONG_MESSAGE, { code: PICKUP_CODE_WRONG_MESSAGE });
    const outcome = await runTransition(tx, app.config, order, 'agent_pickup', { roles: ['agent'], userId: caller.id }, {}, now);
    const updated = await updateTask(tx, task.id, { status: 'in_transit', pickedUpAt: now, updatedAt: now });
    await insertTaskEvent(tx, { taskId, kind: 'picked_up', actor: 'agent', actorUserId: caller.id, createdAt: now });
    return { task: updated, outcome };
  });
  if (result.outcome) await publishStep(app, { task: result.task, key: 'pickup', orderOutcome: result.outcome }, caller.id);
  return toTaskView(app.db, result.task, caller.id);
}

export async function postPosition(app: FastifyInstance, caller: UserRow, taskId: string, input: TPostPositionRequest, now = new Date()): Promise<void> {
  await assertDeliveryAgent(app.db, caller);
  const task = assertHolder(await findTaskById(app.db, taskId), caller);
  if (task.status !== 'in_transit') throw task.status === 'claimed' ? new ConflictError(NOT_PICKED_UP_MESSAGE) : endedError(task);
  const updated = await updateTask(app.db, task.id, { lastLat: input.lat, lastLng: input.lng, lastAccuracy: input.accuracy ?? null, lastPositionAt: now });
  const payload = { taskId, orderId: task.orderId, lat: input.lat, lng: input.lng, accuracy: input.accuracy ?? null, at: now.toISOString() };
  // Only this order's buyer and farm watch; the position is never broadcast further.
  if (updated.status === 'in_transit') {
    app.realtime.emitToUser(task.buyerUserId, 'deliveryPosition', payload);
    app.realtime.emitToUser(task.sellerUserId, 'deliveryPosition', payload);
  }
}

const CLEARED_POSITION = { lastLat: null, lastLng: null, lastAccuracy: null, lastPositionAt: null } as const;

export async function deliverTask(app: FastifyInstance, caller: UserRow, taskId: string, input: TDeliverTaskRequest, now = new Date()): Promise<TDeliveryTask> {
  await assertDeliveryAgent(app.db, caller);
  if (input.photoUploadId && !(await findOwnedUpload(app.db, input.photoUploadId, caller.id))) {
    throw new InvalidError(PHOTO_NOT_FOUND_MESSAGE, { photoUploadId: PHOTO_NOT_FOUND_MESSAGE });
  }
  const result = await app.db.transaction(async (tx) => {
    const task = assertHolder(await lockTask(tx, taskId), caller);
    if (task.status === 'delivered') return { task, outcome: null, wrong: false, exhausted: false };
    if (task.status === 'claimed') throw new ConflictError(NOT_PICKED_UP_MESSAGE);
    if (task.status !== 'in_transit') throw endedError(task);
    if (task.codeAttempts >= MAX_DELIVERY_CODE_ATTEMPTS) throw new ConflictError(CODE_ATTEMPTS_EXHAUSTED_MESSAGE);
    const order = await lockOrder(tx, task.orderId);
    if (!order || ORDER_ENDED_STATUSES.includes(order.status)) throw endedError(task);
    if (input.code !== order.confirmationCode) {
      // Counted and committed; the answer is the field error.
      const updated = await updateTask(tx, task.id, { codeAttempts: task.codeAttempts + 1, updatedAt: now });
      await insertTaskEvent(tx, { taskId, kind: 'code_rejected', actor: 'agent', actorUserId: caller.id, note: `Wrong confirmation code (${updated.codeAttempts}/${MAX_DELIVERY_CODE_ATTEMPTS})`, createdAt: now });
      return { task: updated, outcome: null, wrong: true, exhausted: updated.codeAttempts >= MAX_DELIVERY_CODE_ATTEMPTS };
    }
    const outcome = await runTransition(tx, app.config, order, 'mark_delivered', { roles: ['agent'], userId: caller.id }, { confirmationCode: input.code }, now);
    // The fee moves to the agent's escrow with the delivery; it is released when the order completes.
    await holdAgentFee(tx, order, caller.id, app.config.currency);
    const updated = await updateTask(tx, task.id, {
      status: 'delivered',
      endedAt: now,
      recipientName: input.recipientName?.trim() || null,
      proofUploadId: input.photoUploadId ?? null,
      ...CLEARED_POSITION,
      updatedAt: now,
    });
    await insertTaskEvent(tx, { taskId, kind: 'delivered', actor: 'agent', actorUserId: caller.id, note: updated.recipientName ? `Received by ${updated.recipientName}` : null, createdAt: now });
    return { task: updated, outcome, wrong: false, exhausted: false };
  });
  if (result.wrong) {
    if (result.exhausted) {
      await publishStep(
        app,
        {
          task: result.task,
          key: 'codes-exhausted',
          buyer: msg`The Pulse Agent entered a wrong confirmation code too many times. Check the code on your order and contact the agent.`,
          seller: msg`The Pulse Agent could not confirm a delivery: too many wrong confirmation codes.`,
        },
        caller.id,
      );
      throw new ConflictError(CODE_ATTEMPTS_EXHAUSTED_MESSAGE);
    }
    throw new InvalidError(DELIVERY_CODE_WRONG_MESSAGE, { code: DELIVERY_CODE_WRONG_MESSAGE });
  }
  if (result.outcome) await publishStep(app, { task: result.task, key: 'deliver', orderOutcome: result.outcome }, caller.id);
  return toTaskView(app.db, result.task, caller.id);
}

export async function failTask(app: FastifyInstance, caller: UserRow, taskId: string, input: TFailTaskRequest, now = new Date()): Promise<TDeliveryTask> {
  await assertDeliveryAgent(app.db, caller);
  if (input.photoUploadId && !(await findOwnedUpload(app.db, input.photoUploadId, caller.id))) {
    throw new InvalidError(PHOTO_NOT_FOUND_MESSAGE, { photoUploadId: PHOTO_NOT_FOUND_MESSAGE });
  }
  const result = await app.db.transaction(async (tx) => {
    const task = assertHolder(await lockTask(tx, taskId), caller);
    if (task.status === 'failed') return { task, outcome: null };
    if (task.status === 'claimed') throw new ConflictError(NOT_PICKED_UP_MESSAGE);
    if (task.status !== 'in_transit') throw endedError(task);
    const order = await lockOrder(tx, task.orderId);
    if (!order) throw endedError(task);
    const note = `${failureReasonLabels[input.reason]}${input.note ? `: ${input.note}` : ''}`;
    const outcome = await runTransition(tx, app.config, order, 'delivery_failed', { roles: ['agent'], userId: caller.id }, { reason: note }, now);
    const updated = await updateTask(tx, task.id, {
      status: 'failed',
      endedAt: now,
      failureReason: input.reason,
      failureNote: input.note ?? null,
      proofUploadId: input.photoUploadId ?? null,
      ...CLEARED_POSITION,
      updatedAt: now,
    });
    await insertTaskEvent(tx, { taskId, kind: 'failed', actor: 'agent', actorUserId: caller.id, note, createdAt: now });
    return { task: updated, outcome };
  });
  if (result.outcome) await publishStep(app, { task: result.task, key: 'fail', orderOutcome: result.outcome }, caller.id);
  return toTaskView(app.db, result.task, caller.id);
}

/** Farm or admin, after a failed attempt: a new attempt (back to open) or the goods stay at the farm. */
export async function resolveFailedTask(app: FastifyInstance, caller: UserRow, taskId: string, next: 'reopen' | 'return', now = new Date()): Promise<TDeliveryTask> {
  const result = await app.db.transaction(async (tx) => {
    const task = await lockTask(tx, taskId);
    const isFarm = task?.sellerUserId === caller.id;
    if (!task || (!isFarm && !caller.roles.includes('admin'))) throw new NotFoundError(TASK_NOT_FOUND_MESSAGE);
    const target = next === 'reopen' ? 'open' : 'returned';
    if (task.status === target && (next === 'return' || task.attempt > 1)) return { task, fresh: false };
    if (task.status !== 'failed') throw new ConflictError(msg`Only a failed delivery can be re-opened or returned to the farm.`);
    const updated =
      next === 'reopen'
        ? await updateTask(tx, task.id, {
            status: 'open',
            agentUserId: null,
            attempt: task.attempt + 1,
            failureReason: null,
            failureNote: null,
            proofUploadId: null,
            codeAttempts: 0,
            claimedAt: null,
            pickedUpAt: null,
            endedAt: null,
            pickupCode: newPickupCode(),
            updatedAt: now,
          })
        : await updateTask(tx, task.id, { status: 'returned', endedAt: now, updatedAt: now });
    await insertTaskEvent(tx, { taskId, kind: next === 'reopen' ? 'reopened' : 'returned', actor: isFarm ? 'seller' : 'admin', actorUserId: caller.id, createdAt: now });
    return { task: updated, fresh: true };
  });
  if (result.fresh) {
    await publishStep(
      app,
      {
        task: result.task,
        key: `${next}:${result.task.attempt}`,
        buyer: next === 'reopen' ? msg`Your delivery will be attempted again by a Pulse Agent` : msg`Your order stays with the farm after the failed delivery; the farm will contact you`,
      },
      caller.id,
    );
    if (next === 'reopen') await offerTask(app, result.task, app.config.currency);
  }
  return toTaskView(app.db, result.task, caller.id);
}

/* ---------------------------------------------------- the order's delivery */

const SPEED_KMH: Record<TVehicle, number> = { on_foot: 5, bicycle: 15, motorbike: 30, car: 35, van: 30 };

/** GET /api/orders/{orderId}/delivery: buyer, farm, admin; anyone else 404. */
export async function getOrderDelivery(db: Db, caller: UserRow, orderId: string, now = new Date()): Promise<TGetOrderDeliveryResponse> {
  const record = await findOrderSummary(db, orderId);
  const roles = record ? partyRoles(caller, record.order) : [];
  if (!record || roles.length === 0) throw new NotFoundError(msg`Order not found.`);
  const { order } = record;
  const task = await findTaskByOrderId(db, orderId);
  const address = order.deliveryAddress ?? null;
  const dropOff = address ? { ...address } : null;
  if (!task) {
    return {
      orderId,
      task: null,
      agent: null,
      position: null,
      pickup: { farmName: record.shopName, region: '', lat: null, lng: null, phone: null },
      dropOff,
      pickupCode: null,
      etaAt: null,
      windowStartsAt: order.slotStartsAt?.toISOString() ?? null,
      windowEndsAt: order.slotEndsAt?.toISOString() ?? null,
      events: [],
    };
  }
  const context = await loadTaskContext(db, task);
  const [agentRow] = task.agentUserId
    ? await db.select({ vehicle: agents.vehicle }).from(agents).where(eq(agents.userId, task.agentUserId))
    : [];
  const [agentUser] = task.agentUserId ? await db.select({ username: users.username }).from(users).where(eq(users.id, task.agentUserId)) : [];
  const position =
    task.status === 'in_transit' && task.lastLat !== null && task.lastLng !== null && task.lastPositionAt
      ? { lat: task.lastLat, lng: task.lastLng, accuracy: task.lastAccuracy, at: task.lastPositionAt.toISOString() }
      : null;
  let etaAt: string | null = task.windowEndsAt?.toISOString() ?? null;
  if (position && task.dropOffLat !== null && task.dropOffLng !== null) {
    const km = haversineKmJs(position, { lat: task.dropOffLat, lng: task.dropOffLng });
    const speed = SPEED_KMH[agentRow?.vehicle ?? 'motorbike'];
    etaAt = new Date(now.getTime() + (km / speed) * 3_600_000).toISOString();
  }
  if (['delivered', 'failed', 'returned', 'cancelled'].includes(task.status)) etaAt = null;
  const isFarm = roles.includes('seller') || roles.includes('admin');
  return {
    orderId,
    task: {
      id: task.id,
      status: task.status,
      attempt: task.attempt,
      failureReason: task.failureReason,
      recipientName: task.recipientName,
      proofPhotoUrl: await proofPhotoUrl(db, task.proofUploadId),
    },
    agent: task.agentUserId && agentUser ? { userId: task.agentUserId, name: agentUser.username, vehicle: agentRow?.vehicle ?? null } : null,
    position,
    pickup: { farmName: context.farmName, region: context.farmRegion, lat: task.pickupLat, lng: task.pickupLng, phone: null },
    dropOff,
    pickupCode: isFarm && (task.status === 'open' || task.status === 'claimed') ? task.pickupCode : null,
    etaAt,
    windowStartsAt: task.windowStartsAt?.toISOString() ?? null,
    windowEndsAt: task.windowEndsAt?.toISOString() ?? null,
    events: await toEventsJson(db, task.id),
  };
}

