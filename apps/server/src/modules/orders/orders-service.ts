import { translatorFor } from '../../i18n/translator';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage, translateContractMessage } from '@pulse/contract/messages-i18n';
import type { FastifyInstance } from 'fastify';
import { lineTotalForMilli } from '@pulse/contract/final-weight';
import {
  orderStatusLabels,
  type TFinalWeightsInput,
  type TOrderActionInput,
  type TOrderActor,
  type TOrderDetails,
  type TOrderListResponse,
  type TPickupPoint,
  type TOrderStatus,
  type TOrderSummary,
} from '@pulse/contract/orders';
import { WEIGHED_UNITS } from '@pulse/contract/products';
import type { Db } from '../../db/client';
import { ORDER_ITEM_QUANTITY_SCALE, type OrderRow } from '../../db/schema/orders';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { PendingEvents, domainEvents, type DomainEventsConfig } from '../../lib/domain-events';
import { clearPublicResponses } from '../products/products-response-cache';
import { findReviewJsonForOrder } from '../reviews/reviews-repository';
import { assertApprovedSeller } from '../seller-dashboard/seller-access';
import { releaseSlot } from '../slots/slots-repository';
import { chargeOrder, refundOrder, releaseEscrow, returnFromEscrow } from './order-money';
import type { TransitionOutcomeEvent } from './order-events';
import {
  actorsText,
  allowedActionsFor,
  effectsOf,
  findTransition,
  targetStatus,
  transitionsFor,
  type OrderTrigger,
} from './order-state-machine';
import {
  convertReservationsToSales,
  convertSalesToReservations,
  findFarmContacts,
  findOrderSummary,
  findPickupLocation,
  insertOrderEvent,
  listOrderEvents,
  listOrderItems,
  listOrderSummaries,
  lockDueOrder,
  lockOrder,
  releaseReservations,
  updateOrder,
  updateOrderItemFinalQuantity,
  type FarmContact,
  type NewOrderRow,
  type OrderSummaryRecord,
} from './orders-repository';
import { restoreLinesOfLapsedOrder } from '../checkout/checkout-payments-repository';
import { orderTransitionsTotal } from '../../lib/metrics';

export const ORDER_NOT_FOUND_MESSAGE = contractMessage(msg`Order not found.`);
export const INVALID_ORDER_CURSOR_MESSAGE = contractMessage(msg`The cursor is not valid. Start again from the first page.`);
export const CODE_REQUIRED_MESSAGE = contractMessage(msg`Enter the buyer's 6-digit confirmation code.`);
export const CODE_WRONG_MESSAGE = contractMessage(msg`That confirmation code is not right. Ask the buyer for the code shown on their order.`);
export const REASON_REQUIRED_MESSAGE = contractMessage(msg`Tell us the reason.`);
export const FINAL_WEIGHT_RECORDED_NOTE = 'Final weight recorded';
export const ORDER_LAPSED_MESSAGE = contractMessage(msg`This order was not paid within 15 minutes and is cancelled. Its items are back on sale.`);

export type OrdersConfig = DomainEventsConfig;

const DAY_MS = 24 * 60 * 60 * 1000;

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function statusLabel(status: TOrderStatus, i18n: I18n = translatorFor('en')): string {
  return lowerFirst(translateContractMessage(i18n, orderStatusLabels[status]));
}

/** The roles this user has on the order; empty means not a party (404). */
export function partyRoles(user: Pick<UserRow, 'id' | 'roles'>, order: Pick<OrderRow, 'buyerUserId' | 'sellerUserId'>): TOrderActor[] {
  const roles: TOrderActor[] = [];
  if (order.buyerUserId === user.id) roles.push('buyer');
  if (order.sellerUserId === user.id) roles.push('seller');
  if (user.roles.includes('admin')) roles.push('admin');
  return roles;
}

/* ------------------------------------------------------------------ JSON */

export function toOrderSummaryJson(record: OrderSummaryRecord): TOrderSummary {
  const { order } = record;
  return {
    id: order.id,
    status: order.status,
    buyerUserId: order.buyerUserId,
    sellerUserId: order.sellerUserId,
    shopName: record.shopName,
    buyerUsername: record.buyerUsername,
    fulfilment: order.fulfilment,
    currency: order.currency,
    subtotalMinor: order.subtotalMinor,
    deliveryFeeMinor: order.deliveryFeeMinor,
    totalMinor: order.totalMinor,
    refundedMinor: order.refundedMinor,
    farmDiscountMinor: order.farmDiscountMinor,
    platformDiscountMinor: order.platformDiscountMinor,
    farmDiscountCode: order.farmDiscountCode,
    platformDiscountCode: order.platformDiscountCode,
    itemCount: record.itemCount,
    firstItemTitle: record.firstItemTitle ?? '',
    thumbUrl: record.thumbUrl,
    slotStartsAt: order.slotStartsAt?.toISOString() ?? null,
    slotEndsAt: order.slotEndsAt?.toISOString() ?? null,
    expiresAt: order.status === 'pending_payment' ? (order.expiresAt?.toISOString() ?? null) : null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/**
 * Where a pickup order is collected: the farm and region of its products' origin (what the listing
 * shows), else the shop's; the point likewise (the checkout measures delivery from the same
 * origin); the phone from the farm's application (decision 038).
 */
export function toPickupPoint(
  shopName: string,
  origin: { farmName: string; region: string; lat: number | null; lng: number | null } | null,
  contact: FarmContact | undefined,
): TPickupPoint {
  const originPoint = origin && origin.lat !== null && origin.lng !== null ? { lat: origin.lat, lng: origin.lng } : null;
  const contactPoint = contact && contact.lat !== null && contact.lng !== null ? { lat: contact.lat, lng: contact.lng } : null;
  const point = originPoint ?? contactPoint;
  return {
    farmName: origin?.farmName || shopName,
    place: origin?.region || contact?.region || '',
    lat: point?.lat ?? null,
    lng: point?.lng ?? null,
    phone: contact?.phone ?? null,
  };
}

/** The pickup point of each pickup order among `orders` (the checkout's confirmation); delivery orders get none. */
export async function findPickupPoints(db: Db, orders: readonly TOrderSummary[]): Promise<Map<string, TPickupPoint>> {
  const pickups = orders.filter((order) => order.fulfilment === 'pickup');
  const result = new Map<string, TPickupPoint>();
  if (pickups.length === 0) return result;
  const contacts = await findFarmContacts(db, [...new Set(pickups.map((order) => order.sellerUserId))]);
  for (const order of pickups) {
    result.set(order.id, toPickupPoint(order.shopName, await findPickupLocation(db, order.id), contacts.get(order.sellerUserId)));
  }
  return result;
}

/** One order as the asking party sees it: the confirmation code only for the buyer. */
export async function getOrderDetails(db: Db, user: Pick<UserRow, 'id' | 'roles'>, orderId: string): Promise<TOrderDetails> {
  const record = await findOrderSummary(db, orderId);
  const roles = record ? partyRoles(user, record.order) : [];
  if (!record || roles.length === 0) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
  const { order } = record;
  const [items, events, review, origin, contacts] = await Promise.all([
    listOrderItems(db, orderId),
    listOrderEvents(db, orderId),
    findReviewJsonForOrder(db, orderId),
    findPickupLocation(db, orderId),
    order.fulfilment === 'pickup' ? findFarmContacts(db, [order.sellerUserId]) : null,
  ]);
  const isBuyer = roles.includes('buyer');
  return {
    ...toOrderSummaryJson(record),
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      title: item.title,
      unit: item.unit,
      imageUrl: item.imageUrl,
      unitPriceMinor: item.unitPriceMinor,
      quantity: item.quantity,
      finalQuantity: item.finalQuantityMilli === null ? null : item.finalQuantityMilli / ORDER_ITEM_QUANTITY_SCALE,
      lineTotalMinor: item.lineTotalMinor,
    })),
    events: events.map((event) => ({
      id: event.id,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      actor: event.actor,
      actorUsername: event.actorUsername,
      note: event.note,
      createdAt: event.createdAt.toISOString(),
    })),
    deliveryAddress: order.deliveryAddress ?? null,
    distanceKm: order.distanceKm,
    confirmationCode: isBuyer ? order.confirmationCode : null,
    refundReason: order.refundReason,
    refundContestReason: order.refundContestReason,
    refundDecisionReason: order.refundDecisionReason,
    cancelReason: order.cancelReason,
    autoCompleteAt: ['delivered', 'refund_rejected'].includes(order.status) ? (order.autoCompleteAt?.toISOString() ?? null) : null,
    allowedActions: allowedActionsFor(order.status, roles),
    canReview: isBuyer && order.status === 'completed' && review === null,
    review,
    pickupLocation: { farmName: origin?.farmName || record.shopName, region: origin?.region ?? '' },
    // Only the order's parties get here (anyone else: 404 above), so the farm's phone is theirs to see.
    pickupPoint: contacts ? toPickupPoint(record.shopName, origin, contacts.get(order.sellerUserId)) : null,
  };
}

function encodeCursor(orderId: string): string {
  return Buffer.from(orderId, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) {
    throw new InvalidError(INVALID_ORDER_CURSOR_MESSAGE, { cursor: INVALID_ORDER_CURSOR_MESSAGE });
  }
  return id;
}

export async function listOrders(
  db: Db,
  userId: string,
  query: { role: 'buyer' | 'seller'; status?: TOrderStatus[] | undefined; cursor?: string | undefined; limit: number },
): Promise<TOrderListResponse> {
  const beforeId = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await listOrderSummaries(db, { userId, role: query.role, statuses: query.status, beforeId, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { items: page.map(toOrderSummaryJson), nextCursor: rows.length > query.limit && last ? encodeCursor(last.order.id) : null };
}

/* ----------------------------------------------------------- transitions */

export interface TransitionActor {
  /** The roles the acting user holds on this order (system: ['system']). */
  roles: readonly TOrderActor[];
  userId: string | null;
}

export interface TransitionOutcome extends TransitionOutcomeEvent {
  /** What the in-transaction listeners queued for after the commit; `notifyTransition` publishes it. */
  afterCommit: PendingEvents;
}

function illegalStatusMessage(trigger: OrderTrigger, status: TOrderStatus): (i18n: I18n) => string {
  const past = transitionsFor(trigger)[0]?.past ?? 'changed';
  return (i18n) => i18n._(msg`This order is ${{ status: statusLabel(status, i18n) }} and cannot be ${{ past }}`);
}

/**
 * Runs one transition on an order the caller has locked, inside the caller's transaction: checks
 * the from-status and the actor against the state machine, runs its effects (stock, slot, ledger),
 * updates the order and records the event. The money events (order.paid, order.refunded,
 * order.completed) reach the in-transaction listeners right after their money step, then
 * order.cancelled and order.status_changed once the order is written (decision 052). The caller
 * runs `notifyTransition` after its commit.
 */
export async function runTransition(
  tx: Db,
  config: OrdersConfig,
  order: OrderRow,
  trigger: OrderTrigger,
  acting: TransitionActor,
  input: { reason?: string | undefined; confirmationCode?: string | undefined },
  now: Date,
): Promise<TransitionOutcome> {
  const pending = new PendingEvents(tx, config, now);
  const transition = findTransition(trigger, order.status);
  if (!transition) throw new ConflictError(illegalStatusMessage(trigger, order.status));
  const actor = transition.actors.find((candidate) => acting.roles.includes(candidate));
  if (!actor) throw new ForbiddenError((i18n) => i18n._(msg`Only ${{ actors: actorsText(transition.actors, i18n) }} can ${{ verb: transition.verb }} this order.`));

  const reason = input.reason?.trim() ? input.reason.trim() : null;
  if (transition.requiresReason && !reason) throw new InvalidError(REASON_REQUIRED_MESSAGE, { reason: REASON_REQUIRED_MESSAGE });
  if (transition.requiresCode === 'always' || (transition.requiresCode === 'pickup' && order.fulfilment === 'pickup')) {
    const code = input.confirmationCode?.trim();
    if (!code) throw new InvalidError(CODE_REQUIRED_MESSAGE, { confirmationCode: CODE_REQUIRED_MESSAGE });
    if (code !== order.confirmationCode) throw new InvalidError(CODE_WRONG_MESSAGE, { confirmationCode: CODE_WRONG_MESSAGE });
  }

  const to = targetStatus(transition, order.fulfilment);
  const patch: Partial<NewOrderRow> = { status: to };
  let note: string | null = reason;
  const items = (transition.effects.length > 0 ? await listOrderItems(tx, order.id) : []).map((item) => ({ productId: item.productId, quantity: item.quantity }));

  for (const effect of effectsOf(transition, order.fulfilment)) {
    switch (effect) {
      case 'charge_wallet':
        // The ledger carries the action's time, as the order's own dates do.
        await chargeOrder(tx, order, config.currency, now);
        patch.paidAt = now;
        await pending.inTransaction('order.paid', { order });
        break;
      case 'refund_escrow': {
        // Only money that was paid can go back: an unpaid order has nothing in escrow.
        if (order.paidAt) {
          const refundedMinor = await refundOrder(tx, order, {
            idempotencyKey: `order-refund:${order.id}`,
            memo: to === 'cancelled' ? 'Order cancelled' : 'Refund approved',
            currency: config.currency,
            at: now,
          });
          patch.refundedMinor = order.refundedMinor + refundedMinor;
          await pending.inTransaction('order.refunded', { order, refundedMinor });
        }
        break;
      }
      case 'release_reservation':
        await releaseReservations(tx, items);
        break;
      case 'reservation_to_sale':
        await convertReservationsToSales(tx, items);
        break;
      case 'release_slot':
        if (order.slotId) await releaseSlot(tx, order.slotId);
        break;
      case 'start_auto_complete':
        patch.autoCompleteAt = new Date(now.getTime() + config.autoCompleteDays * DAY_MS);
        break;
      case 'release_escrow':
        await releaseEscrow(tx, order, config.commissionBps, config.currency, now);
        await pending.inTransaction('order.completed', { order });
        break;
      case 'sale_to_reservation':
        await convertSalesToReservations(tx, items);
        break;
    }
  }

  if (to === 'delivered') patch.deliveredAt = now;
  if (to === 'completed') patch.completedAt = now;
  if (to === 'cancelled') {
    patch.cancelReason = trigger === 'expire' ? 'Not paid in time' : reason;
    if (trigger === 'expire') note = `Not paid within the payment window`;
  }
  if (to === 'refund_requested') {
    patch.refundReason = reason;
    patch.refundRequestedAt = now;
  }
  if (to === 'refund_disputed') patch.refundContestReason = reason;
  if (to === 'refunded' || to === 'refund_rejected') patch.refundResolvedAt = now;
  if (to === 'refund_rejected') patch.refundDecisionReason = reason;
  if (trigger === 'auto_complete') note = `Completed automatically ${config.autoCompleteDays} days after delivery`;

  const updated = await updateOrder(tx, order.id, patch);
  const event = await insertOrderEvent(tx, { orderId: order.id, fromStatus: order.status, toStatus: to, actor, actorUserId: acting.userId, note, createdAt: now });
  if (to === 'cancelled') await pending.inTransaction('order.cancelled', { order: updated, reason: updated.cancelReason, trigger });
  await pending.inTransaction('order.status_changed', { order: updated, event, transition, actor });
  return { order: updated, event, transition, actor, afterCommit: pending };
}

/**
 * Whether a transition held, released or sold stock: product cards show what is available and the
 * details page the stock, so the anonymous catalogue cache must forget them once it commits.
 */
function changesCatalogue(outcome: TransitionOutcome): boolean {
  return effectsOf(outcome.transition, outcome.order.fulfilment).some(
    (effect) => effect === 'release_reservation' || effect === 'reservation_to_sale' || effect === 'sale_to_reservation',
  );
}

/**
 * After the commit of a transition, whoever ran it (API, timers, checkout, payments, delivery):
 * the anonymous catalogue cache forgets the stock it moved (decision 018), then the after-commit
 * listeners hear order.status_changed (the parties are told, never the one who acted), then what
 * the in-transaction listeners queued. A failing listener is logged (decision 052).
 */
export async function notifyTransition(app: FastifyInstance, outcome: TransitionOutcome, actingUserId: string | null): Promise<void> {
  if (changesCatalogue(outcome)) clearPublicResponses(app.db);
  const { order, event, transition, actor } = outcome;
  orderTransitionsTotal.inc({ from: event.fromStatus ?? 'new', to: event.toStatus });
  await domainEvents.publishAfterCommit(app, 'order.status_changed', { order, event, transition, actor, actingUserId });
  await outcome.afterCommit.publish(app);
}

/** POST /api/orders/{orderId}/actions */
export async function performOrderAction(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'roles'>,
  orderId: string,
  input: TOrderActionInput,
  now: Date = new Date(),
): Promise<TOrderDetails> {
  const { outcome, lapsed, pending } = await app.db.transaction(async (tx) => {
    // This action's own events (the transition's travel with its outcome).
    const pending = new PendingEvents(tx, app.config, now);
    await pending.inTransaction('order.action_locking', { orderId });
    const order = await lockOrder(tx, orderId);
    const roles = order ? partyRoles(user, order) : [];
    if (!order || roles.length === 0) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    if (roles.includes('seller')) await assertApprovedSeller(tx, user); // the farm acts only while approved (decision 013)
    // Past its payment window the order lapses now, whether or not the timer got to it yet.
    if (order.status === 'pending_payment' && order.expiresAt && order.expiresAt.getTime() <= now.getTime()) {
      const outcome = await runTransition(tx, app.config, order, 'expire', { roles: ['system'], userId: null }, {}, now);
      await restoreLinesOfLapsedOrder(tx, order);
      return { outcome, lapsed: true, pending };
    }
    await pending.inTransaction('order.action_requested', { order, trigger: input.action });
    const outcome = await runTransition(tx, app.config, order, input.action, { roles, userId: user.id }, input, now);
    await pending.inTransaction('order.action_performed', {
      order: outcome.order,
      event: outcome.event,
      transition: outcome.transition,
      actor: outcome.actor,
      trigger: input.action,
      fromStatus: order.status,
      actingUserId: user.id,
    });
    return { outcome, lapsed: false, pending };
  });
  await notifyTransition(app, outcome, lapsed ? null : user.id);
  await pending.publish(app);
  if (lapsed) throw new ConflictError(ORDER_LAPSED_MESSAGE);
  return getOrderDetails(app.db, user, orderId);
}

/* ---------------------------------------------------------------- timers */

export interface SweepResult {
  expired: number;
  completed: number;
}

/**
 * One pass of the order timers at `now`: lapses unpaid orders past their expiry (stock and slot
 * released) and completes delivered orders past their auto-complete time (escrow released). Each
 * order is its own transaction, locked with SKIP LOCKED so several processes can sweep together.
 */
export async function sweepOrderTimers(app: FastifyInstance, now: Date = new Date(), batchLimit = 200): Promise<SweepResult> {
  const result: SweepResult = { expired: 0, completed: 0 };
  for (const timer of ['expire', 'auto_complete'] as const) {
    for (let index = 0; index < batchLimit; index += 1) {
      const outcome = await app.db.transaction(async (tx) => {
        const order = await lockDueOrder(tx, timer, now);
        if (!order) return null;
        const outcome = await runTransition(tx, app.config, order, timer, { roles: ['system'], userId: null }, {}, now);
        // A checkout paid through the provider that lapsed gives the basket back, as a failed payment does.
        if (timer === 'expire') await restoreLinesOfLapsedOrder(tx, order);
        return outcome;
      });
      if (!outcome) break;
      if (timer === 'expire') result.expired += 1;
      else result.completed += 1;
      await notifyTransition(app, outcome, null);
    }
  }
  return result;
}

/* --------------------------------------------------------- final weights */

function unitLabel(unit: string): string {
  return unit;
}

/**
 * POST /api/orders/{orderId}/final-weights: the farm weighs produce sold by weight before dispatch;
 * the line is re-priced (half down) and the difference goes back to the buyer's wallet at once.
 */
export async function recordFinalWeights(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'roles'>,
  orderId: string,
  input: TFinalWeightsInput,
  now: Date = new Date(),
): Promise<TOrderDetails> {
  const outcome = await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const roles = order ? partyRoles(user, order) : [];
    if (!order || roles.length === 0) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    if (!roles.includes('seller')) throw new ForbiddenError(msg`Only the farm can record final weights.`);
    await assertApprovedSeller(tx, user);
    if (order.status !== 'accepted' && order.status !== 'ready') {
      const status = order.status;
      throw new ConflictError((i18n) => i18n._(msg`This order is ${{ status: statusLabel(status, i18n) }}: final weights are recorded after accepting and before the hand-over`));
    }
    const items = await listOrderItems(tx, orderId);
    const seen = new Set<string>();
    let returnedMinor = 0;
    const updates: Array<{ itemId: string; milli: number; lineTotal: number }> = [];
    for (const [index, entry] of input.items.entries()) {
      const field = `items.${index}.finalQuantity`;
      const item = items.find((candidate) => candidate.id === entry.itemId.toLowerCase());
      if (!item) throw new InvalidError(msg`That item is not part of this order.`, { [`items.${index}.itemId`]: msg`Not an item of this order` });
      if (seen.has(item.id)) throw new InvalidError(msg`Each item can be weighed once per request.`, { [`items.${index}.itemId`]: msg`Listed twice` });
      seen.add(item.id);
      if (!WEIGHED_UNITS.includes(item.unit)) {
        const message = msg`${{ title: item.title }} is sold by the ${{ unit: item.unit }}, not by weight.`;
        throw new InvalidError(message, { [field]: message });
      }
      if (item.finalQuantityMilli !== null) throw new ConflictError(msg`The final weight of ${{ title: item.title }} is already recorded.`);
      const milli = Math.round(entry.finalQuantity * ORDER_ITEM_QUANTITY_SCALE);
      if (Math.abs(milli - entry.finalQuantity * ORDER_ITEM_QUANTITY_SCALE) > 1e-6) {
        throw new InvalidError(msg`Use at most 3 decimals.`, { [field]: msg`Use at most 3 decimals` });
      }
      if (milli > item.quantity * ORDER_ITEM_QUANTITY_SCALE) {
        const message = msg`At most ${{ quantity: item.quantity }} ${{ unit: unitLabel(item.unit) }} (the ordered quantity).`;
        throw new InvalidError(message, { [field]: message });
      }
      const lineTotal = lineTotalForMilli(item.unitPriceMinor, milli);
      returnedMinor += item.lineTotalMinor - lineTotal;
      updates.push({ itemId: item.id, milli, lineTotal });
    }
    for (const update of updates) await updateOrderItemFinalQuantity(tx, update.itemId, update.milli, update.lineTotal);
    const event = await insertOrderEvent(tx, {
      orderId,
      fromStatus: order.status,
      toStatus: order.status,
      actor: 'seller',
      actorUserId: user.id,
      note: FINAL_WEIGHT_RECORDED_NOTE,
      createdAt: now,
    });
    await returnFromEscrow(tx, order, returnedMinor, {
      kind: 'weight_adjustment',
      idempotencyKey: `order-weight:${orderId}:${event.id}`,
      memo: FINAL_WEIGHT_RECORDED_NOTE,
      currency: app.config.currency,
      at: now,
    });
    const updated = returnedMinor > 0 ? await updateOrder(tx, orderId, { refundedMinor: order.refundedMinor + returnedMinor }) : order;
    return { order: updated, event, returnedMinor };
  });

  if (outcome.returnedMinor > 0) await domainEvents.publishAfterCommit(app, 'order.weights_recorded', outcome);
  return getOrderDetails(app.db, user, orderId);
}
