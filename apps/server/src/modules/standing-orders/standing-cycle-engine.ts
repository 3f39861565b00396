import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { formatMoney } from '@pulse/contract/money-format';
import { contractMessage } from '@pulse/contract/messages-i18n';
import {
  STANDING_ORDER_ANNOUNCE_HOURS_BEFORE_CUTOFF,
  STANDING_ORDER_PLACE_HOURS_BEFORE_CUTOFF,
  STANDING_ORDER_SLOT_SEARCH_HOURS,
  ZStandingOrderCycle,
  type TStandingOrderCycle,
} from '@pulse/contract/standing-orders';
import { ZCheckoutInput } from '@pulse/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { DeliverySlotRow } from '../../db/schema/delivery-slots';
import type { StandingCycleLeftOut, StandingOrderCycleRow, StandingOrderRow } from '../../db/schema/standing-orders';
import { ConflictError, NotFoundError } from '../../errors/domain-errors';
import { translatorFor } from '../../i18n/translator';
import { PendingEvents, type DomainEvents } from '../../lib/domain-events';
import '../orders/order-events';
import { getAddressForUser } from '../addresses/addresses-repository';
import { notifyCheckoutCommitted, placeCheckoutInTransaction, type CheckoutResult } from '../checkout/checkout-service';
import { quoteDelivery } from '../checkout/delivery-fees';
import { listOpenSlots } from '../slots/slots-repository';
import { getWalletBalances } from '../wallet/ledger-service';
import { addDays, chooseCycleSlot, cycleDaysBetween, dayOf, patternInstant } from './standing-order-calendar';
import type { StandingCycleEvent } from './standing-order-events';
import {
  acceptTodaysPrices,
  countOpenCycles,
  findCycleOfBuyer,
  findShopName,
  findStandingOrder,
  insertCycleOnce,
  listCycles,
  listRunningStandingOrders,
  lockCycle,
  readStandingLinesForCheckout,
  setStandingOrderStatus,
  updateCycle,
  type StandingCheckoutLine,
} from './standing-cycle-repository';
import './standing-order-events';

/**
 * The cycle engine of weekly baskets (decision 064). Each sweep (after every pass of the order
 * timers, and from tests with their own clock) looks at the running standing orders and, for each
 * cycle due, opens ONE transaction that claims the cycle's row (insert ON CONFLICT DO NOTHING on the
 * unique standing order + cycle date, then SELECT ... FOR UPDATE SKIP LOCKED) and decides it:
 *
 * - 24 h before the slot's cut-off: announced ('upcoming'; the buyer may still skip it);
 * - 12 h before: placed through the checkout core with the key `standing-order:<id>:<cycleDate>`,
 *   paid from the wallet, lines the farm cannot give left out ('placed' / 'partly_placed'), or
 *   held for a price above the buyer's limit ('held_price') or for money ('held_funds', retried at
 *   each sweep), or 'failed' when nothing is left;
 * - at the cut-off a cycle still held is 'missed'; a cycle whose farm has no slot that week is
 *   'no_slot' 48 h before its pattern instant.
 *
 * The order is created in the transaction that holds the cycle row, so a second process (it skips
 * the locked row, or finds it placed), a second sweep or a crash (the transaction rolls back: no
 * row, no order) never makes a second order. A thrown conflict (stock taken, slot full, the wallet
 * spent meanwhile) rolls that cycle back; the next sweep tries again. The buyer hears of every
 * state through 'standing_order.cycle': published in the cycle's transaction (the mail outbox's row
 * commits with the cycle or not at all) and again after the commit (in the app, push).
 */

const HOUR_MS = 3_600_000;
/** A cycle without a slot is decided 'no_slot' this long before its pattern instant. */
export const NO_SLOT_DECIDED_HOURS_BEFORE_PATTERN = 48;
/** Cycle days looked at around now: a slot is at most 84 h from its pattern, a cut-off before its slot. */
const LOOK_BACK_DAYS = 5;
const LOOK_AHEAD_DAYS = 7;

const FINAL_STATUSES: ReadonlySet<StandingOrderCycleRow['status']> = new Set(['placed', 'partly_placed', 'skipped', 'no_slot', 'missed', 'failed']);

export interface SweepStandingOrdersOptions {
  /** Only these standing orders (tests, the confirm route). */
  standingOrderIds?: readonly string[];
  /**
   * Called inside a cycle's transaction once its row is claimed (locked), before anything is
   * decided: the two-process test prints "claimed" and waits there to be killed.
   */
  afterClaim?: (cycle: { standingOrderId: string; cycleDate: string }) => Promise<void>;
}

export interface SweepStandingOrdersReport {
  /** Cycles this sweep changed, with their new status. */
  changed: Array<{ standingOrderId: string; cycleDate: string; status: StandingOrderCycleRow['status']; orderId: string | null }>;
  /** Cycles another process held (skipped here) or that rolled back (retried next sweep). */
  skippedLocked: number;
  failures: number;
}

/** The checkout idempotency key of one cycle: unique per buyer, so one checkout (and its orders) per cycle. */
export function standingCycleCheckoutKey(standingOrderId: string, cycleDate: string): string {
  return `standing-order:${standingOrderId}:${cycleDate}`;
}

type SlotChoice = Pick<DeliverySlotRow, 'id' | 'startsAt' | 'cutoffAt'>;

interface CycleOutcome {
  row: StandingOrderCycleRow | null;
  checkout: CheckoutResult | null;
  /** What the cycle's in-transaction listeners queued and the cycle's own events, for after the commit. */
  pending: PendingEvents | null;
  changed: boolean;
}

function placeAt(cutoffAt: Date): number {
  return cutoffAt.getTime() - STANDING_ORDER_PLACE_HOURS_BEFORE_CUTOFF * HOUR_MS;
}

function announceAt(cutoffAt: Date): number {
  return cutoffAt.getTime() - STANDING_ORDER_ANNOUNCE_HOURS_BEFORE_CUTOFF * HOUR_MS;
}

/** Open slots of the farm of the order's method near a cycle's pattern instant. */
async function chooseSlot(db: Db, standingOrder: StandingOrderRow, cycleDate: string, now: Date): Promise<SlotChoice | null> {
  const candidates = await listOpenSlots(db, [standingOrder.sellerUserId], now, standingOrder.fulfilment);
  return chooseCycleSlot(candidates, patternInstant(standingOrder, cycleDate));
}

/** What a cycle needs now, decided on an unlocked read; the transaction decides again on the locked row. */
function isDue(standingOrder: StandingOrderRow, cycleDate: string, row: StandingOrderCycleRow | undefined, slot: SlotChoice | null, now: Date): boolean {
  if (row && FINAL_STATUSES.has(row.status)) return false;
  if (standingOrder.pausedUntil !== null && cycleDate < standingOrder.pausedUntil) return row !== undefined;
  if (row) return row.cutoffAt === null || now.getTime() >= placeAt(row.cutoffAt);
  if (!slot) return now.getTime() >= patternInstant(standingOrder, cycleDate).getTime() - NO_SLOT_DECIDED_HOURS_BEFORE_PATTERN * HOUR_MS;
  return now.getTime() >= announceAt(slot.cutoffAt);
}

async function eventOf(db: Db, standingOrder: StandingOrderRow, row: StandingOrderCycleRow, reminder = false): Promise<StandingCycleEvent> {
  return {
    standingOrderId: standingOrder.id,
    cycleId: row.id,
    cycleDate: row.cycleDate,
    buyerUserId: standingOrder.buyerUserId,
    sellerUserId: standingOrder.sellerUserId,
    shopName: await findShopName(db, standingOrder.sellerUserId),
    status: row.status,
    reminder,
    orderId: row.orderId,
    totalMinor: row.totalMinor,
    slotStartsAt: row.slotStartsAt,
    cutoffAt: row.cutoffAt,
    leftOut: row.leftOut,
  };
}

/** Which lines the farm can give now, and which it cannot (paused or archived, sold out, fewer than asked: left out whole). */
function splitLines(lines: StandingCheckoutLine[]): { kept: StandingCheckoutLine[]; leftOut: StandingCycleLeftOut[] } {
  const kept: StandingCheckoutLine[] = [];
  const leftOut: StandingCycleLeftOut[] = [];
  for (const line of lines) {
    const available = Math.max(0, line.stockQuantity - line.reservedQuantity);
    const reason = line.status !== 'active' ? 'unavailable' : available === 0 ? 'sold_out' : available < line.quantity ? 'not_enough' : null;
    if (reason) leftOut.push({ productId: line.productId, title: line.title, quantity: line.quantity, reason });
    else kept.push(line);
  }
  return { kept, leftOut };
}

/** A line whose price rose above what the buyer accepted by more than their limit. */
export function priceAboveLimit(line: Pick<StandingCheckoutLine, 'priceMinor' | 'acceptedUnitPriceMinor'>, limitPercent: number): boolean {
  return line.priceMinor * 100 > line.acceptedUnitPriceMinor * (100 + limitPercent);
}

type CycleQuote =
  | { kind: 'failed'; leftOut: StandingCycleLeftOut[]; reason: 'nothing_available' | 'no_delivery_address' }
  | { kind: 'ok'; kept: StandingCheckoutLine[]; leftOut: StandingCycleLeftOut[]; totalMinor: number };

/** What the cycle would order now: the lines the farm can give, at today's prices, with the delivery fee. */
async function quoteCycle(app: FastifyInstance, tx: Db, standingOrder: StandingOrderRow): Promise<CycleQuote> {
  const { kept, leftOut } = splitLines(await readStandingLinesForCheckout(tx, standingOrder.id));
  if (kept.length === 0) return { kind: 'failed', leftOut, reason: 'nothing_available' };
  const subtotalMinor = kept.reduce((total, line) => total + line.priceMinor * line.quantity, 0);
  let deliveryFeeMinor = 0;
  if (standingOrder.fulfilment === 'delivery') {
    const address = standingOrder.addressId ? await getAddressForUser(tx, standingOrder.buyerUserId, standingOrder.addressId) : null;
    const first = kept[0] as StandingCheckoutLine;
    const quote = address && address.lat !== null && address.lng !== null ? quoteDelivery(app.config.deliveryFeeBands, { lat: first.originLat, lng: first.originLng }, address) : null;
    if (!quote || quote.feeMinor === null) return { kind: 'failed', leftOut, reason: 'no_delivery_address' };
    deliveryFeeMinor = quote.feeMinor;
  }
  return { kind: 'ok', kept, leftOut, totalMinor: subtotalMinor + deliveryFeeMinor };
}

/**
 * Decides one claimed cycle whose placement time has come (or that the buyer confirmed): the
 * transaction holds its row. Returns the row's new state and the checkout to notify after the commit.
 */
async function placeCycle(
  app: FastifyInstance,
  tx: Db,
  standingOrder: StandingOrderRow,
  row: StandingOrderCycleRow,
  slot: SlotChoice,
  now: Date,
): Promise<{ row: StandingOrderCycleRow; checkout: CheckoutResult | null }> {
  const slotFields = { slotId: slot.id, slotStartsAt: slot.startsAt, cutoffAt: slot.cutoffAt };
  const quote = await quoteCycle(app, tx, standingOrder);
  if (quote.kind === 'failed') {
    return { row: await updateCycle(tx, row.id, { ...slotFields, status: 'failed', leftOut: quote.leftOut, totalMinor: null, reason: quote.reason }, now), checkout: null };
  }
  const { kept, leftOut, totalMinor } = quote;

  if (kept.some((line) => priceAboveLimit(line, standingOrder.priceIncreaseLimitPercent))) {
    return { row: await updateCycle(tx, row.id, { ...slotFields, status: 'held_price', leftOut, totalMinor, reason: 'price_above_limit' }, now), checkout: null };
  }
  const { availableMinor } = await getWalletBalances(tx, standingOrder.buyerUserId);
  if (availableMinor < totalMinor) {
    // The reason carries how much is missing (minor units), for the buyer's "top up X by the cut-off".
    return { row: await updateCycle(tx, row.id, { ...slotFields, status: 'held_funds', leftOut, totalMinor, reason: `wallet_short:${totalMinor - availableMinor}` }, now), checkout: null };
  }

  const input = ZCheckoutInput.parse({
    addressId: standingOrder.fulfilment === 'delivery' ? standingOrder.addressId : null,
    sellers: [{ sellerUserId: standingOrder.sellerUserId, fulfilment: standingOrder.fulfilment, slotId: slot.id }],
    payNow: true,
  });
  // The checkout's own code: stock in product-id order, the slot's place, the order, commission and ledger.
  const checkout = await placeCheckoutInTransaction(
    app,
    tx,
    { id: standingOrder.buyerUserId },
    standingCycleCheckoutKey(standingOrder.id, row.cycleDate),
    input,
    { kind: 'lines', lines: kept },
    now,
  );
  const order = checkout.response.orders[0];
  if (!order) throw new Error('the checkout of a cycle made no order');
  const placed = await updateCycle(
    tx,
    row.id,
    { ...slotFields, status: leftOut.length > 0 ? 'partly_placed' : 'placed', orderId: order.id, leftOut, totalMinor: order.totalMinor, reason: null },
    now,
  );
  return { row: placed, checkout };
}

/**
 * One cycle in its own transaction, holding its row. Null when another process holds it. With
 * `confirm`, the buyer's yes to a held price (the row is waited for, not skipped).
 */
async function runCycle(
  app: FastifyInstance,
  standingOrderId: string,
  cycleDate: string,
  now: Date,
  options: SweepStandingOrdersOptions & { confirm?: { buyerUserId: string } },
): Promise<CycleOutcome | null> {
  return app.db.transaction(async (tx): Promise<CycleOutcome | null> => {
    const standingOrder = await findStandingOrder(tx, standingOrderId);
    if (!standingOrder || (standingOrder.status !== 'active' && standingOrder.status !== 'paused')) {
      if (options.confirm) throw new ConflictError(CYCLE_CLOSED_MESSAGE);
      return null;
    }
    const paused = standingOrder.status === 'paused' || (standingOrder.pausedUntil !== null && cycleDate < standingOrder.pausedUntil);
    const slot = await chooseSlot(tx, standingOrder, cycleDate, now);

    let fresh = false;
    if (!options.confirm && !paused) {
      // No slot yet: 'no_slot' only from 48 h before the pattern instant (a farm may still open one).
      const noSlotDecided = now.getTime() >= patternInstant(standingOrder, cycleDate).getTime() - NO_SLOT_DECIDED_HOURS_BEFORE_PATTERN * HOUR_MS;
      if (slot || noSlotDecided) {
        fresh = await insertCycleOnce(tx, {
          standingOrderId,
          cycleDate,
          status: slot ? 'upcoming' : 'no_slot',
          slotId: slot?.id ?? null,
          slotStartsAt: slot?.startsAt ?? null,
          cutoffAt: slot?.cutoffAt ?? null,
          now,
        });
      }
    }
    const locked = await lockCycle(tx, standingOrderId, cycleDate, !options.confirm);
    if (!locked) return null;
    await options.afterClaim?.({ standingOrderId, cycleDate });
    // A row this transaction inserted was born 'upcoming' or 'no_slot': its birth is told too.
    const before = fresh ? null : locked.status;

    let row = locked;
    let checkout: CheckoutResult | null = null;
    if (FINAL_STATUSES.has(row.status) && !fresh) {
      if (options.confirm) throw new ConflictError(row.orderId ? CYCLE_ALREADY_ORDERED_MESSAGE : CYCLE_CLOSED_MESSAGE);
      return { row, checkout: null, pending: null, changed: false };
    }
    if (options.confirm && row.status !== 'held_price') throw new ConflictError(CYCLE_NOT_HELD_MESSAGE);

    const cutoffAt = row.cutoffAt ?? slot?.cutoffAt ?? null;
    if (paused && options.confirm) throw new ConflictError(CYCLE_CLOSED_MESSAGE);
    if (paused) {
      // Paused after it was announced: the buyer asked for no cycle before the pause ends.
      row = await updateCycle(tx, row.id, { status: 'skipped', reason: 'paused' }, now);
    } else if (row.status === 'no_slot') {
      // Decided at its insertion above: nothing more.
    } else if (cutoffAt !== null && now.getTime() >= cutoffAt.getTime()) {
      if (options.confirm) throw new ConflictError(CYCLE_CLOSED_MESSAGE);
      row = await updateCycle(tx, row.id, { status: 'missed', reason: row.status === 'upcoming' ? 'not_placed_in_time' : row.reason }, now);
    } else if (cutoffAt !== null && (options.confirm || now.getTime() >= placeAt(cutoffAt))) {
      if (options.confirm) await acceptTodaysPrices(tx, standingOrderId);
      // The slot the row was announced with when it is still open, else the nearest open one now.
      const announced = row.slotId !== null ? await findOpenSlot(tx, standingOrder, row.slotId, now) : null;
      const placeSlot = announced ?? slot;
      if (!placeSlot) {
        row = await updateCycle(tx, row.id, { status: 'no_slot', reason: 'slot_full_or_closed' }, now);
      } else {
        ({ row, checkout } = await placeCycle(app, tx, standingOrder, row, placeSlot, now));
      }
    }

    if (row.status === 'upcoming' && before === null) {
      // The announcement carries the estimate: the buyer's "top up by the cut-off" is measured against it.
      const quote = await quoteCycle(app, tx, standingOrder);
      if (quote.kind === 'ok') row = await updateCycle(tx, row.id, { totalMinor: quote.totalMinor, leftOut: quote.leftOut }, now);
    }
    const changed = row.status !== before;
    let pending: PendingEvents | null = null;
    if (changed) {
      // In the transaction first (the mail outbox), then queued for after the commit (in the app, push): once each.
      pending = new PendingEvents(tx, app.config, now);
      const event = await eventOf(tx, standingOrder, row);
      await pending.inTransaction('standing_order.cycle', event);
      pending.add('standing_order.cycle', event);
    }
    return { row, checkout, pending, changed };
  });
}

async function findOpenSlot(tx: Db, standingOrder: StandingOrderRow, slotId: string, now: Date): Promise<SlotChoice | null> {
  const open = await listOpenSlots(tx, [standingOrder.sellerUserId], now, standingOrder.fulfilment);
  return open.find((candidate) => candidate.id === slotId) ?? null;
}

async function afterCycleCommit(app: FastifyInstance, outcome: CycleOutcome): Promise<void> {
  if (outcome.checkout) await notifyCheckoutCommitted(app, outcome.checkout);
  if (outcome.pending) await outcome.pending.publish(app);
}

/** A pause that is over, or an end date passed with nothing left waiting. */
async function updateStandingOrderStatus(app: FastifyInstance, standingOrder: StandingOrderRow, today: string, now: Date): Promise<StandingOrderRow['status']> {
  if (standingOrder.status === 'paused' && standingOrder.pausedUntil !== null && standingOrder.pausedUntil <= today) {
    if (await setStandingOrderStatus(app.db, standingOrder.id, 'paused', 'active', now)) return 'active';
  }
  if (standingOrder.endsOn !== null && addDays(standingOrder.endsOn, Math.ceil(STANDING_ORDER_SLOT_SEARCH_HOURS / 24) + 1) < today) {
    if ((await countOpenCycles(app.db, standingOrder.id)) === 0 && (await setStandingOrderStatus(app.db, standingOrder.id, standingOrder.status, 'ended', now))) return 'ended';
  }
  return standingOrder.status;
}

/**
 * One pass of the engine at `now`: every running standing order's cycles around now, each due one
 * in its own transaction. Never throws for one cycle: a failure is logged and retried next sweep.
 */
export async function sweepStandingOrders(app: FastifyInstance, now: Date = new Date(), options: SweepStandingOrdersOptions = {}): Promise<SweepStandingOrdersReport> {
  const report: SweepStandingOrdersReport = { changed: [], skippedLocked: 0, failures: 0 };
  const today = dayOf(now);
  const standingOrders = await listRunningStandingOrders(app.db, options.standingOrderIds);
  for (const standingOrder of standingOrders) {
    try {
      const status = await updateStandingOrderStatus(app, standingOrder, today, now);
      if (status !== 'active' && status !== 'paused') continue;
      const current = { ...standingOrder, status, pausedUntil: status === 'active' && standingOrder.status === 'paused' ? null : standingOrder.pausedUntil };
      const from = addDays(today, -LOOK_BACK_DAYS) > current.startsOn ? addDays(today, -LOOK_BACK_DAYS) : current.startsOn;
      const days = cycleDaysBetween(current, from, addDays(today, LOOK_AHEAD_DAYS));
      if (days.length === 0) continue;
      const rows = new Map((await listCycles(app.db, current.id, days)).map((row) => [row.cycleDate, row]));
      for (const cycleDate of days) {
        const row = rows.get(cycleDate);
        if (row && FINAL_STATUSES.has(row.status)) continue;
        if (current.status === 'paused' && !row) continue;
        const slot = row?.cutoffAt ? null : await chooseSlot(app.db, current, cycleDate, now);
        if (!isDue(current, cycleDate, row, slot, now)) continue;
        try {
          const outcome = await runCycle(app, current.id, cycleDate, now, options);
          if (!outcome) {
            report.skippedLocked += 1;
            continue;
          }
          if (outcome.changed && outcome.row) report.changed.push({ standingOrderId: current.id, cycleDate, status: outcome.row.status, orderId: outcome.row.orderId });
          await afterCycleCommit(app, outcome);
        } catch (error) {
          report.failures += 1;
          app.log.warn({ err: error, standingOrderId: current.id, cycleDate }, 'Weekly basket cycle rolled back; retried at the next sweep');
        }
      }
    } catch (error) {
      report.failures += 1;
      app.log.error({ err: error, standingOrderId: standingOrder.id }, 'Weekly basket sweep failed for one standing order');
    }
  }
  return report;
}

export const CYCLE_ALREADY_ORDERED_MESSAGE = contractMessage(msg`This delivery has already been ordered`);
export const CYCLE_CLOSED_MESSAGE = contractMessage(msg`Orders for this delivery are closed.`);
export const CYCLE_NOT_HELD_MESSAGE = contractMessage(msg`This delivery is not waiting for your confirmation.`);
export const CYCLE_NOT_FOUND_MESSAGE = contractMessage(msg`Weekly basket delivery not found.`);

/**
 * A cycle's reason code in the buyer's words: held for a price (`price_above_limit`) or for money
 * (`wallet_short:<missing minor units>`), missed, failed, no slot, paused. Unknown codes as they are.
 */
export function cycleReasonText(reason: string | null, i18n: I18n, currency: string): string | null {
  if (reason === null) return null;
  const short = /^wallet_short:(\d+)$/.exec(reason);
  if (short) return i18n._(msg`Your wallet is ${{ missing: formatMoney(Number(short[1]), currency, i18n.locale) }} short: top up before the cut-off and it is ordered.`);
  switch (reason) {
    case 'price_above_limit':
      return i18n._(msg`A price rose above your limit: confirm today's prices to order it.`);
    case 'nothing_available':
      return i18n._(msg`Nothing in it was available this week.`);
    case 'no_delivery_address':
      return i18n._(msg`Your delivery address cannot be reached: choose another one or pickup.`);
    case 'not_placed_in_time':
      return i18n._(msg`It could not be ordered before the cut-off.`);
    case 'slot_full_or_closed':
      return i18n._(msg`The farm's delivery time that week is full or closed.`);
    case 'paused':
      return i18n._(msg`Your weekly basket was paused.`);
    default:
      return reason;
  }
}

export function toCycleJson(row: StandingOrderCycleRow, i18n: I18n, currency: string): TStandingOrderCycle {
  return ZStandingOrderCycle.parse({
    id: row.id,
    cycleDate: row.cycleDate,
    status: row.status,
    slotStartsAt: row.slotStartsAt?.toISOString() ?? null,
    cutoffAt: row.cutoffAt?.toISOString() ?? null,
    orderId: row.orderId,
    totalMinor: row.totalMinor,
    leftOut: row.leftOut,
    reason: cycleReasonText(row.reason, i18n, currency),
  });
}

/**
 * POST /api/standing-orders/{id}/cycles/{cycleId}/confirm: the buyer accepts today's prices of a
 * cycle held for its price; it is placed at once (the engine's own transaction) when before its
 * cut-off, else 409. Another buyer's ids: 404.
 */
export async function confirmHeldCycle(
  app: FastifyInstance,
  buyerUserId: string,
  standingOrderId: string,
  cycleId: string,
  now: Date = new Date(),
  i18n: I18n = translatorFor('en'),
): Promise<TStandingOrderCycle> {
  const cycle = await findCycleOfBuyer(app.db, buyerUserId, standingOrderId.toLowerCase(), cycleId.toLowerCase());
  if (!cycle) throw new NotFoundError(CYCLE_NOT_FOUND_MESSAGE);
  const outcome = await runCycle(app, cycle.standingOrderId, cycle.cycleDate, now, { confirm: { buyerUserId } });
  if (!outcome?.row) throw new ConflictError(CYCLE_CLOSED_MESSAGE);
  await afterCycleCommit(app, outcome);
  return toCycleJson(outcome.row, i18n, app.config.currency);
}

/** The engine runs after each pass of the order timers (every 30 s in each process; the cycle rows decide who does what). */
export function registerStandingCycleTimers(events: DomainEvents): void {
  events.afterCommit('order.timers_swept', 'standing-orders.sweep-cycles', async ({ now }, app) => {
    await sweepStandingOrders(app, now);
  });
}
