import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import {
  STANDING_ORDER_PLACE_HOURS_BEFORE_CUTOFF,
  ZCreateStandingOrderRequest,
  ZUpdateStandingOrderRequest,
  type TStandingDemandResponse,
  type TStandingOrderCycle,
  type TStandingOrderDetail,
  type TStandingOrderLine,
  type TStandingOrderListResponse,
  type TStandingOrderNextCycle,
  type TStandingOrderPreviewResponse,
  type TStandingOrderSummary,
} from '@pulse/contract/standing-orders';
import type { TFulfilment } from '@pulse/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { DeliverySlotRow } from '../../db/schema/delivery-slots';
import type { StandingOrderCycleRow, StandingOrderRow } from '../../db/schema/standing-orders';
import type { UserRow } from '../../db/schema/users';
import { findUniqueViolation } from '../../db/find-unique-violation';
import { ConflictError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { PendingEvents, domainEvents } from '../../lib/domain-events';
import { getAddressForUser } from '../addresses/addresses-repository';
import { ADDRESS_NOT_FOUND_MESSAGE, ADDRESS_NOT_LOCATED_MESSAGE, ADDRESS_REQUIRED_MESSAGE } from '../checkout/checkout-service';
import { quoteDelivery } from '../checkout/delivery-fees';
import { findSlot, listOpenSlots } from '../slots/slots-repository';
import { toSlotJson } from '../slots/slots-service';
import { getWalletBalances } from '../wallet/ledger-service';
import {
  addDays,
  chooseCycleSlot,
  cycleDaysBetween,
  dayOf,
  firstCycleDayOnOrAfter,
  isCycleDay,
  minuteOfWeek,
  patternInstant,
  type CycleRhythm,
} from './standing-order-calendar';
import type { StandingOrderCreatedEvent } from './standing-order-events';
import './standing-order-events';
import {
  FINAL_CYCLE_STATUSES,
  deleteCycle,
  deleteOpenCycles,
  findBuyerStandingOrder,
  findShopName,
  findSlotsByIds,
  findStandingProducts,
  insertStandingOrder,
  listBuyerStandingOrders,
  listRunningStandingOrdersOfFarm,
  listStandingCycles,
  listStandingLines,
  lockCycle,
  lockCycleForSkip,
  replaceStandingLines,
  setCycleStatus,
  updateStandingOrderRow,
  type StandingLineRecord,
  type StandingProductRecord,
} from './standing-orders-repository';

export const STANDING_ORDER_NOT_FOUND_MESSAGE = contractMessage(msg`Weekly basket not found.`);
export const STANDING_ORDER_EXISTS_MESSAGE = contractMessage(msg`You already have a weekly basket from this farm. Change it instead.`);
export const STANDING_ORDER_NOT_RUNNING_MESSAGE = contractMessage(msg`This weekly basket is cancelled or has ended.`);
export const CYCLE_ALREADY_ORDERED_MESSAGE = contractMessage(msg`This delivery has already been ordered`);
export const CYCLE_OVER_MESSAGE = contractMessage(msg`This delivery is over.`);
export const NOT_A_CYCLE_DAY_MESSAGE = contractMessage(msg`This weekly basket has no delivery on that day.`);
export const CYCLE_IN_PAST_MESSAGE = contractMessage(msg`That day has passed.`);
export const UNSKIP_TOO_LATE_MESSAGE = contractMessage(msg`Too late: this delivery's order time has passed.`);
export const PAUSE_UNTIL_MESSAGE = contractMessage(msg`Choose a day after today.`);
export const ENDS_ON_MESSAGE = contractMessage(msg`The last day cannot be before the first delivery or in the past.`);
export const FARM_NOT_FOUND_MESSAGE = contractMessage(msg`Farm not found.`);

type CreateInput = z.output<typeof ZCreateStandingOrderRequest>;
type UpdateInput = z.output<typeof ZUpdateStandingOrderRequest>;
type StandingApp = Pick<FastifyInstance, 'db' | 'config'>;

const HOUR_MS = 3_600_000;
const HELD_STATUSES: ReadonlyArray<StandingOrderCycleRow['status']> = ['held_price', 'held_funds'];

function placesAt(cutoffAt: Date): Date {
  return new Date(cutoffAt.getTime() - STANDING_ORDER_PLACE_HOURS_BEFORE_CUTOFF * HOUR_MS);
}

function isFinal(status: StandingOrderCycleRow['status']): boolean {
  return (FINAL_CYCLE_STATUSES as readonly string[]).includes(status);
}

function rhythmOf(row: Pick<StandingOrderRow, 'startsOn' | 'intervalWeeks' | 'endsOn' | 'slotMinuteOfWeek'>): CycleRhythm {
  return { startsOn: row.startsOn, intervalWeeks: row.intervalWeeks, endsOn: row.endsOn, slotMinuteOfWeek: row.slotMinuteOfWeek };
}

/* ------------------------------------------------------------ validation shared by create, preview and change */

interface CheckedLine {
  product: StandingProductRecord;
  quantity: number;
}

/** Every line is the farm's, active, offered for weekly baskets and at least its minimum order. */
async function checkLines(db: Db, sellerUserId: string, shopName: string, lines: ReadonlyArray<{ productId: string; quantity: number }>): Promise<CheckedLine[]> {
  const found = await findStandingProducts(db, lines.map((line) => line.productId.toLowerCase()));
  return lines.map((line, index) => {
    const product = found.get(line.productId.toLowerCase());
    const field = { [`lines.${index}.productId`]: msg`Choose a product of ${{ shopName }}.` };
    if (!product || product.sellerUserId !== sellerUserId) throw new InvalidError(msg`Choose products of ${{ shopName }}: a weekly basket holds one farm's products.`, field);
    if (product.status !== 'active') throw new InvalidError(msg`${{ title: product.title }} is not available at the moment.`, field);
    if (!product.acceptsStandingOrders) throw new InvalidError(msg`${{ title: product.title }} is not offered for weekly baskets.`, field);
    if (line.quantity < product.minOrderQuantity) {
      throw new InvalidError(msg`The minimum order of ${{ title: product.title }} is ${{ minOrderQuantity: product.minOrderQuantity }} ${{ unit: product.unit }}.`, {
        [`lines.${index}.quantity`]: msg`The minimum order of ${{ title: product.title }} is ${{ minOrderQuantity: product.minOrderQuantity }} ${{ unit: product.unit }}.`,
      });
    }
    return { product, quantity: line.quantity };
  });
}

/** The pattern's slot: one of the farm's, of the fulfilment's method, open (cut-off not passed, places left). */
async function checkFirstSlot(db: Db, slotId: string, sellerUserId: string, shopName: string, method: TFulfilment, now: Date): Promise<DeliverySlotRow> {
  const slot = await findSlot(db, slotId.toLowerCase());
  const field = { firstSlotId: msg`Choose another slot` };
  if (!slot || slot.sellerUserId !== sellerUserId) throw new InvalidError(msg`Choose a slot offered by ${{ shopName }}.`, field);
  if (slot.method !== method) {
    throw new InvalidError(slot.method === 'pickup' ? msg`That slot of ${{ shopName }} is for pickup, not delivery.` : msg`That slot of ${{ shopName }} is for delivery, not pickup.`, field);
  }
  if (slot.cutoffAt.getTime() <= now.getTime()) throw new ConflictError(msg`Orders for that slot of ${{ shopName }} are closed. Choose another slot.`, field);
  if (slot.capacity !== null && slot.bookedCount >= slot.capacity) throw new ConflictError(msg`That slot of ${{ shopName }} is full. Choose another slot.`, field);
  return slot;
}

function farmLocationOf(products: readonly StandingProductRecord[]): { lat: number | null; lng: number | null } | null {
  const located = products.find((product) => product.originLat !== null && product.originLng !== null);
  return located ? { lat: located.originLat, lng: located.originLng } : (products[0] ? { lat: null, lng: null } : null);
}

/** Delivery needs the buyer's own address, on the map and within the farm's delivery bands; pickup needs none. */
async function checkDelivery(
  app: StandingApp,
  buyerUserId: string,
  shopName: string,
  fulfilment: TFulfilment,
  addressId: string | null,
  farm: { lat: number | null; lng: number | null } | null,
): Promise<{ addressId: string | null; deliveryFeeMinor: number }> {
  if (fulfilment === 'pickup') return { addressId: null, deliveryFeeMinor: 0 };
  if (!addressId) throw new InvalidError(ADDRESS_REQUIRED_MESSAGE, { addressId: ADDRESS_REQUIRED_MESSAGE });
  const address = await getAddressForUser(app.db, buyerUserId, addressId.toLowerCase());
  if (!address) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE, { addressId: ADDRESS_NOT_FOUND_MESSAGE });
  const quote = quoteDelivery(app.config.deliveryFeeBands, farm, address);
  if (quote.refusal === 'address_not_located') throw new InvalidError(ADDRESS_NOT_LOCATED_MESSAGE, { addressId: ADDRESS_NOT_LOCATED_MESSAGE });
  if (quote.feeMinor === null) {
    throw new InvalidError(msg`${{ shopName }} does not deliver that far (${{ distanceKm: quote.distanceKm ?? '?' }} km). Choose pickup.`, {
      fulfilment: msg`Delivery is not available to this address`,
    });
  }
  return { addressId: address.id, deliveryFeeMinor: quote.feeMinor };
}

function checkEndsOn(endsOn: string | null, startsOn: string, today: string): void {
  if (endsOn !== null && (endsOn < startsOn || endsOn < today)) throw new InvalidError(ENDS_ON_MESSAGE, { endsOn: ENDS_ON_MESSAGE });
}

interface CheckedCreate {
  shopName: string;
  lines: CheckedLine[];
  slot: DeliverySlotRow;
  addressId: string | null;
  deliveryFeeMinor: number;
}

async function checkCreate(app: StandingApp, user: Pick<UserRow, 'id'>, input: CreateInput, now: Date): Promise<CheckedCreate> {
  const sellerUserId = input.sellerUserId.toLowerCase();
  const shopName = await findShopName(app.db, sellerUserId);
  if (shopName === null) throw new NotFoundError(FARM_NOT_FOUND_MESSAGE, { sellerUserId: FARM_NOT_FOUND_MESSAGE });
  const lines = await checkLines(app.db, sellerUserId, shopName, input.lines);
  // A farm never buys from itself (the checkout's rule and words).
  const own = lines[0];
  if (sellerUserId === user.id && own) throw new InvalidError(msg`You cannot buy your own product (${{ title: own.product.title }}).`);
  const slot = await checkFirstSlot(app.db, input.firstSlotId, sellerUserId, shopName, input.fulfilment, now);
  checkEndsOn(input.endsOn, dayOf(slot.startsAt), dayOf(now));
  const delivery = await checkDelivery(app, user.id, shopName, input.fulfilment, input.addressId, farmLocationOf(lines.map((line) => line.product)));
  return { shopName, lines, slot, ...delivery };
}

/* ------------------------------------------------------------ what a cycle would be today */

function toLineJson(line: { productId: string; quantity: number; acceptedUnitPriceMinor: number }, product: StandingProductRecord | undefined): TStandingOrderLine {
  const availability = !product || product.status !== 'active' ? 'unavailable' : product.available === 0 ? 'sold_out' : 'active';
  return {
    productId: line.productId,
    title: product?.title ?? '',
    unit: product?.unit ?? 'piece',
    imageUrl: product?.thumbUrl ?? null,
    quantity: line.quantity,
    acceptedUnitPriceMinor: line.acceptedUnitPriceMinor,
    unitPriceMinor: product?.priceMinor ?? line.acceptedUnitPriceMinor,
    availability,
    available: product && product.status === 'active' ? product.available : 0,
  };
}

/**
 * The estimate of one cycle as the engine would place it today: lines not active, sold out or with
 * fewer left than asked are left out (whole); a price above the accepted one by more than the
 * buyer's limit holds the cycle (falls never do).
 */
function estimate(
  lines: readonly StandingLineRecord[],
  productsById: Map<string, StandingProductRecord>,
  limitPercent: number,
  deliveryFeeMinor: number,
): Pick<TStandingOrderNextCycle, 'subtotalMinor' | 'deliveryFeeMinor' | 'estimatedTotalMinor' | 'leftOut' | 'priceAboveLimit'> {
  let subtotalMinor = 0;
  let priceAboveLimit = false;
  const leftOut: string[] = [];
  for (const line of lines) {
    const product = productsById.get(line.productId);
    if (!product || product.status !== 'active' || product.available < line.quantity) {
      leftOut.push(line.productId);
      continue;
    }
    subtotalMinor += product.priceMinor * line.quantity;
    if (product.priceMinor * 100 > line.acceptedUnitPriceMinor * (100 + limitPercent)) priceAboveLimit = true;
  }
  const fee = subtotalMinor > 0 ? deliveryFeeMinor : 0;
  return { subtotalMinor, deliveryFeeMinor: fee, estimatedTotalMinor: subtotalMinor + fee, leftOut, priceAboveLimit };
}

/** The delivery fee a standing order's cycles would pay today (0 for pickup, or when the address cannot be priced any more). */
async function currentDeliveryFee(app: StandingApp, row: StandingOrderRow, lineProducts: readonly StandingProductRecord[]): Promise<number> {
  if (row.fulfilment !== 'delivery' || !row.addressId) return 0;
  const address = await getAddressForUser(app.db, row.buyerUserId, row.addressId);
  if (!address) return 0;
  return quoteDelivery(app.config.deliveryFeeBands, farmLocationOf(lineProducts), address).feeMinor ?? 0;
}

/** At most this many cycle days are looked through for the next one (over a year of weekly cycles already final is not expected). */
const NEXT_CYCLE_SEARCH = 60;

/**
 * The next cycle: the first cycle day from today (or the pause's end) up to endsOn whose row is not
 * final — no row yet, upcoming, held, or skipped (shown skipped so the buyer can take it back). Its
 * slot is the row's when the engine already chose one, else the farm's open slot of the order's
 * method nearest the pattern (as the engine will choose it); a day whose pattern time has passed
 * without a slot is gone.
 */
async function nextCycle(
  app: StandingApp,
  row: StandingOrderRow,
  lines: readonly StandingLineRecord[],
  productsById: Map<string, StandingProductRecord>,
  cycles: readonly StandingOrderCycleRow[],
  openSlots: readonly DeliverySlotRow[],
  deliveryFeeMinor: number,
  now: Date,
): Promise<TStandingOrderNextCycle | null> {
  if (row.status !== 'active' && row.status !== 'paused') return null;
  const rhythm = rhythmOf(row);
  const today = dayOf(now);
  let day = firstCycleDayOnOrAfter(rhythm, row.pausedUntil !== null && row.pausedUntil > today ? row.pausedUntil : today);
  const byDay = new Map(cycles.map((cycle) => [cycle.cycleDate, cycle]));
  const methodSlots = openSlots.filter((slot) => slot.sellerUserId === row.sellerUserId && slot.method === row.fulfilment);
  for (let looked = 0; day !== null && looked < NEXT_CYCLE_SEARCH; looked += 1, day = firstCycleDayOnOrAfter(rhythm, addDays(day, 1))) {
    const cycle = byDay.get(day);
    if (cycle && isFinal(cycle.status)) continue;
    let slot: DeliverySlotRow | null = null;
    if (cycle?.slotId) slot = (await findSlotsByIds(app.db, [cycle.slotId])).get(cycle.slotId) ?? null;
    if (!slot) slot = chooseCycleSlot(methodSlots, patternInstant(rhythm, day));
    const cutoffAt = cycle?.cutoffAt ?? slot?.cutoffAt ?? null;
    // A day already gone by without a slot (or whose cut-off passed) is not the next one.
    if (cutoffAt ? cutoffAt.getTime() <= now.getTime() : patternInstant(rhythm, day).getTime() <= now.getTime()) continue;
    return {
      cycleDate: day,
      slot: slot ? toSlotJson(slot) : null,
      placesAt: cutoffAt ? placesAt(cutoffAt).toISOString() : null,
      skipped: cycle?.status === 'skipped',
      ...estimate(lines, productsById, row.priceIncreaseLimitPercent, deliveryFeeMinor),
    };
  }
  return null;
}

function toCycleJson(cycle: StandingOrderCycleRow): TStandingOrderCycle {
  return {
    id: cycle.id,
    cycleDate: cycle.cycleDate,
    status: cycle.status,
    slotStartsAt: cycle.slotStartsAt?.toISOString() ?? null,
    cutoffAt: cycle.cutoffAt?.toISOString() ?? null,
    orderId: cycle.orderId,
    totalMinor: cycle.totalMinor,
    leftOut: cycle.leftOut,
    reason: cycle.reason,
  };
}

interface Loaded {
  summaries: Array<{ summary: TStandingOrderSummary; lines: TStandingOrderLine[]; cycles: StandingOrderCycleRow[]; row: StandingOrderRow }>;
}

/** Summaries (with `next`) of these standing orders, with their lines and cycles for the detail. */
async function loadSummaries(app: StandingApp, rows: readonly StandingOrderRow[], now: Date): Promise<Loaded> {
  const ids = rows.map((row) => row.id);
  const [lines, cycles] = await Promise.all([listStandingLines(app.db, ids), listStandingCycles(app.db, ids)]);
  const productsById = await findStandingProducts(app.db, lines.map((line) => line.productId));
  const sellerIds = [...new Set(rows.map((row) => row.sellerUserId))];
  const openSlots = rows.some((row) => row.status === 'active' || row.status === 'paused') ? await listOpenSlots(app.db, sellerIds, now) : [];
  const shopNames = new Map(await Promise.all(sellerIds.map(async (id) => [id, (await findShopName(app.db, id)) ?? ''] as const)));
  const summaries: Loaded['summaries'] = [];
  for (const row of rows) {
    const ownLines = lines.filter((line) => line.standingOrderId === row.id);
    const ownCycles = cycles.filter((cycle) => cycle.standingOrderId === row.id);
    const lineProducts = ownLines.map((line) => productsById.get(line.productId)).filter((product) => product !== undefined);
    const fee = await currentDeliveryFee(app, row, lineProducts);
    const next = await nextCycle(app, row, ownLines, productsById, ownCycles, openSlots, fee, now);
    summaries.push({
      row,
      cycles: ownCycles,
      lines: ownLines.map((line) => toLineJson(line, productsById.get(line.productId))),
      summary: {
        id: row.id,
        sellerUserId: row.sellerUserId,
        shopName: shopNames.get(row.sellerUserId) ?? '',
        status: row.status,
        fulfilment: row.fulfilment,
        intervalWeeks: row.intervalWeeks === 2 ? 2 : 1,
        slotMinuteOfWeek: row.slotMinuteOfWeek,
        startsOn: row.startsOn,
        endsOn: row.endsOn,
        pausedUntil: row.pausedUntil,
        lineCount: ownLines.length,
        next,
        needsAttention: (row.status === 'active' || row.status === 'paused') && ownCycles.some((cycle) => HELD_STATUSES.includes(cycle.status)),
      },
    });
  }
  return { summaries };
}

/** GET /api/standing-orders. */
export async function listStandingOrders(app: StandingApp, buyerUserId: string, now = new Date()): Promise<TStandingOrderListResponse> {
  const rows = await listBuyerStandingOrders(app.db, buyerUserId);
  const { summaries } = await loadSummaries(app, rows, now);
  return { items: summaries.map((entry) => entry.summary), currency: app.config.currency };
}

/** GET /api/standing-orders/{id}: another buyer's is not found. */
export async function getStandingOrder(app: StandingApp, buyerUserId: string, id: string, now = new Date()): Promise<TStandingOrderDetail> {
  const row = await findBuyerStandingOrder(app.db, buyerUserId, id.toLowerCase());
  if (!row) throw new NotFoundError(STANDING_ORDER_NOT_FOUND_MESSAGE);
  const { summaries } = await loadSummaries(app, [row], now);
  const entry = summaries[0];
  if (!entry) throw new NotFoundError(STANDING_ORDER_NOT_FOUND_MESSAGE);
  return {
    ...entry.summary,
    addressId: row.addressId,
    priceIncreaseLimitPercent: row.priceIncreaseLimitPercent,
    lines: entry.lines,
    cycles: entry.cycles.map(toCycleJson),
    currency: app.config.currency,
  };
}

/* ------------------------------------------------------------ making one */

/** POST /api/standing-orders/preview: the first cycle as it would be, nothing made. */
export async function previewStandingOrder(app: StandingApp, user: Pick<UserRow, 'id'>, rawInput: CreateInput, now = new Date()): Promise<TStandingOrderPreviewResponse> {
  const input = ZCreateStandingOrderRequest.parse(rawInput);
  const checked = await checkCreate(app, user, input, now);
  const cycleDate = dayOf(checked.slot.startsAt);
  const accepted = checked.lines.map((line) => ({ standingOrderId: '', productId: line.product.id, quantity: line.quantity, acceptedUnitPriceMinor: line.product.priceMinor }));
  const productsById = new Map(checked.lines.map((line) => [line.product.id, line.product]));
  const following = addDays(cycleDate, 7 * input.intervalWeeks);
  const balances = await getWalletBalances(app.db, user.id);
  return {
    shopName: checked.shopName,
    lines: accepted.map((line) => toLineJson(line, productsById.get(line.productId))),
    next: {
      cycleDate,
      slot: toSlotJson(checked.slot),
      placesAt: placesAt(checked.slot.cutoffAt).toISOString(),
      skipped: false,
      ...estimate(accepted, productsById, input.priceIncreaseLimitPercent, checked.deliveryFeeMinor),
    },
    followingCycleDate: input.endsOn !== null && following > input.endsOn ? null : following,
    walletAvailableMinor: balances.availableMinor,
    currency: app.config.currency,
  };
}

/**
 * POST /api/standing-orders: one per buyer and farm while it runs (the unique index decides, so a
 * double click makes one and the second answers 409). The accepted prices are today's.
 */
export async function createStandingOrder(app: FastifyInstance, user: Pick<UserRow, 'id'>, rawInput: CreateInput, now = new Date()): Promise<TStandingOrderDetail> {
  const input = ZCreateStandingOrderRequest.parse(rawInput);
  const checked = await checkCreate(app, user, input, now);
  let created: StandingOrderRow;
  let pending: PendingEvents;
  try {
    ({ created, pending } = await app.db.transaction(async (tx) => {
      const row = await insertStandingOrder(tx, {
        buyerUserId: user.id,
        sellerUserId: input.sellerUserId.toLowerCase(),
        fulfilment: input.fulfilment,
        addressId: checked.addressId,
        slotMinuteOfWeek: minuteOfWeek(checked.slot.startsAt),
        intervalWeeks: input.intervalWeeks,
        startsOn: dayOf(checked.slot.startsAt),
        endsOn: input.endsOn,
        priceIncreaseLimitPercent: input.priceIncreaseLimitPercent,
        status: 'active',
        createdAt: now,
        updatedAt: now,
      });
      await replaceStandingLines(
        tx,
        row.id,
        checked.lines.map((line) => ({ productId: line.product.id, quantity: line.quantity, acceptedUnitPriceMinor: line.product.priceMinor })),
      );
      // Told in the transaction (the mail outbox's row commits with it) and again after the commit (in the app, push).
      const events = new PendingEvents(tx, app.config, now);
      const event: StandingOrderCreatedEvent = {
        standingOrderId: row.id,
        buyerUserId: row.buyerUserId,
        sellerUserId: row.sellerUserId,
        shopName: checked.shopName,
        firstCycleDate: row.startsOn,
        firstSlotStartsAt: checked.slot.startsAt,
      };
      await events.inTransaction('standing_order.created', event);
      events.add('standing_order.created', event);
      return { created: row, pending: events };
    }));
  } catch (error) {
    if (findUniqueViolation(error) !== null) throw new ConflictError(STANDING_ORDER_EXISTS_MESSAGE);
    throw error;
  }
  await pending.publish(app);
  return getStandingOrder(app, user.id, created.id, now);
}

/* ------------------------------------------------------------ managing one */

/** Runs `change` on the buyer's running standing order, locked for the transaction; answers its detail. */
async function changeRunning(
  app: StandingApp,
  buyerUserId: string,
  id: string,
  now: Date,
  change: (tx: Db, row: StandingOrderRow) => Promise<void>,
): Promise<TStandingOrderDetail> {
  await app.db.transaction(async (tx) => {
    const row = await findBuyerStandingOrder(tx, buyerUserId, id.toLowerCase(), true);
    if (!row) throw new NotFoundError(STANDING_ORDER_NOT_FOUND_MESSAGE);
    if (row.status !== 'active' && row.status !== 'paused') throw new ConflictError(STANDING_ORDER_NOT_RUNNING_MESSAGE);
    await change(tx, row);
  });
  return getStandingOrder(app, buyerUserId, id, now);
}

/**
 * PATCH /api/standing-orders/{id}: from the next cycle not yet placed. New lines replace all lines
 * at today's prices; a new slot moves the pattern (and the first day) to it; a new slot or interval
 * drops the cycles not ordered yet of the old rhythm (a placed one stays as it is).
 */
export async function updateStandingOrder(app: StandingApp, user: Pick<UserRow, 'id'>, id: string, rawInput: UpdateInput, now = new Date()): Promise<TStandingOrderDetail> {
  const input = ZUpdateStandingOrderRequest.parse(rawInput);
  const today = dayOf(now);
  return changeRunning(app, user.id, id, now, async (tx, row) => {
    const shopName = (await findShopName(tx, row.sellerUserId)) ?? '';
    const values: Partial<StandingOrderRow> = {};
    let lineProducts: StandingProductRecord[];
    if (input.lines) {
      const checked = await checkLines(tx, row.sellerUserId, shopName, input.lines);
      await replaceStandingLines(
        tx,
        row.id,
        checked.map((line) => ({ productId: line.product.id, quantity: line.quantity, acceptedUnitPriceMinor: line.product.priceMinor })),
      );
      lineProducts = checked.map((line) => line.product);
    } else {
      const lines = await listStandingLines(tx, [row.id]);
      lineProducts = [...(await findStandingProducts(tx, lines.map((line) => line.productId))).values()];
    }
    const fulfilment = input.fulfilment ?? row.fulfilment;
    if (input.fulfilment !== undefined || input.addressId !== undefined) {
      const delivery = await checkDelivery(app, user.id, shopName, fulfilment, input.addressId === undefined ? row.addressId : input.addressId, farmLocationOf(lineProducts));
      values.fulfilment = fulfilment;
      values.addressId = delivery.addressId;
    }
    let newRhythm = false;
    if (input.firstSlotId !== undefined) {
      const slot = await checkFirstSlot(tx, input.firstSlotId, row.sellerUserId, shopName, fulfilment, now);
      values.slotMinuteOfWeek = minuteOfWeek(slot.startsAt);
      values.startsOn = dayOf(slot.startsAt);
      newRhythm = true;
    } else if (input.fulfilment !== undefined && input.fulfilment !== row.fulfilment) {
      // The pattern was a slot of the other method: the buyer picks one of this method.
      throw new InvalidError(msg`Choose a slot for the new way of getting it.`, { firstSlotId: msg`Choose a slot for the new way of getting it.` });
    }
    if (input.intervalWeeks !== undefined && input.intervalWeeks !== row.intervalWeeks) {
      values.intervalWeeks = input.intervalWeeks;
      newRhythm = true;
    }
    const endsOn = input.endsOn === undefined ? row.endsOn : input.endsOn;
    if (input.endsOn !== undefined || values.startsOn !== undefined) {
      checkEndsOn(endsOn, values.startsOn ?? row.startsOn, today);
      values.endsOn = endsOn;
    }
    if (input.priceIncreaseLimitPercent !== undefined) values.priceIncreaseLimitPercent = input.priceIncreaseLimitPercent;
    if (newRhythm) await deleteOpenCycles(tx, row.id, today);
    await updateStandingOrderRow(tx, row.id, values, now);
  });
}

/**
 * POST /api/standing-orders/{id}/skip: skip (or take back the skip of) one coming cycle, under the
 * cycle row's lock. 409 when the engine already ordered it; 400 for a day that is not one of the
 * order's cycles or has passed.
 */
export async function skipCycle(app: FastifyInstance, user: Pick<UserRow, 'id'>, id: string, input: { cycleDate: string; skip: boolean }, now = new Date()): Promise<TStandingOrderDetail> {
  let skipped: { row: StandingOrderRow; cycle: StandingOrderCycleRow; shopName: string } | null = null;
  const detail = await changeRunning(app, user.id, id, now, async (tx, row) => {
    if (input.cycleDate < dayOf(now)) throw new InvalidError(CYCLE_IN_PAST_MESSAGE, { cycleDate: CYCLE_IN_PAST_MESSAGE });
    if (!isCycleDay(rhythmOf(row), input.cycleDate)) throw new InvalidError(NOT_A_CYCLE_DAY_MESSAGE, { cycleDate: NOT_A_CYCLE_DAY_MESSAGE });
    if (input.skip) {
      const { cycle, inserted } = await lockCycleForSkip(tx, row.id, input.cycleDate, now);
      if (cycle.status === 'placed' || cycle.status === 'partly_placed') throw new ConflictError(CYCLE_ALREADY_ORDERED_MESSAGE);
      if (isFinal(cycle.status)) throw new ConflictError(CYCLE_OVER_MESSAGE);
      if (cycle.status !== 'skipped') await setCycleStatus(tx, cycle.id, 'skipped', now);
      // Told once: a new row, or an announced or held one now skipped.
      if (cycle.status !== 'skipped' || inserted) skipped = { row, cycle, shopName: (await findShopName(tx, row.sellerUserId)) ?? '' };
      return;
    }
    const cycle = await lockCycle(tx, row.id, input.cycleDate);
    if (!cycle) return;
    if (cycle.status === 'placed' || cycle.status === 'partly_placed') throw new ConflictError(CYCLE_ALREADY_ORDERED_MESSAGE);
    if (isFinal(cycle.status)) throw new ConflictError(CYCLE_OVER_MESSAGE);
    if (cycle.status !== 'skipped') return;
    const placementAt = cycle.cutoffAt ? placesAt(cycle.cutoffAt) : patternInstant(rhythmOf(row), cycle.cycleDate);
    if (placementAt.getTime() <= now.getTime()) throw new ConflictError(UNSKIP_TOO_LATE_MESSAGE);
    await deleteCycle(tx, cycle.id);
  });
  const done = skipped as { row: StandingOrderRow; cycle: StandingOrderCycleRow; shopName: string } | null;
  if (done) {
    await domainEvents.publishAfterCommit(app, 'standing_order.cycle', {
      standingOrderId: done.row.id,
      cycleId: done.cycle.id,
      cycleDate: done.cycle.cycleDate,
      buyerUserId: done.row.buyerUserId,
      sellerUserId: done.row.sellerUserId,
      shopName: done.shopName,
      status: 'skipped',
      reminder: false,
      orderId: null,
      totalMinor: null,
      slotStartsAt: done.cycle.slotStartsAt,
      cutoffAt: done.cycle.cutoffAt,
      leftOut: [],
    });
  }
  return detail;
}

/** POST /api/standing-orders/{id}/pause: no cycle dated before `until`; the coming ones not ordered yet are dropped. */
export async function pauseStandingOrder(app: StandingApp, user: Pick<UserRow, 'id'>, id: string, until: string, now = new Date()): Promise<TStandingOrderDetail> {
  const today = dayOf(now);
  if (until <= today) throw new InvalidError(PAUSE_UNTIL_MESSAGE, { until: PAUSE_UNTIL_MESSAGE });
  return changeRunning(app, user.id, id, now, async (tx, row) => {
    await deleteOpenCycles(tx, row.id, today, until);
    await updateStandingOrderRow(tx, row.id, { status: 'paused', pausedUntil: until }, now);
  });
}

/** POST /api/standing-orders/{id}/resume: the pause ends now (an active one stays as it is). */
export async function resumeStandingOrder(app: StandingApp, user: Pick<UserRow, 'id'>, id: string, now = new Date()): Promise<TStandingOrderDetail> {
  return changeRunning(app, user.id, id, now, async (tx, row) => {
    if (row.status === 'paused' || row.pausedUntil !== null) await updateStandingOrderRow(tx, row.id, { status: 'active', pausedUntil: null }, now);
  });
}

/** POST /api/standing-orders/{id}/cancel: no more cycles; one already ordered stays as it is. Cancelling twice is fine. */
export async function cancelStandingOrder(app: StandingApp, user: Pick<UserRow, 'id'>, id: string, now = new Date()): Promise<TStandingOrderDetail> {
  await app.db.transaction(async (tx) => {
    const row = await findBuyerStandingOrder(tx, user.id, id.toLowerCase(), true);
    if (!row) throw new NotFoundError(STANDING_ORDER_NOT_FOUND_MESSAGE);
    if (row.status === 'cancelled' || row.status === 'ended') return;
    await deleteOpenCycles(tx, row.id, dayOf(now));
    await updateStandingOrderRow(tx, row.id, { status: 'cancelled' }, now);
  });
  return getStandingOrder(app, user.id, id, now);
}

/* ------------------------------------------------------------ the farm's side */

/** The cycle states that order nothing (a skip, no slot, missed, failed). */
const ORDERS_NOTHING: ReadonlyArray<StandingOrderCycleRow['status']> = ['skipped', 'no_slot', 'missed', 'failed'];

/**
 * GET /api/seller/standing-demand: what the farm's running weekly baskets will order in the next 7
 * days: the cycles whose slot (or pattern time) falls in the window, not skipped, not in a pause,
 * with today's lines (a partly placed cycle without what it left out).
 */
export async function standingDemand(app: StandingApp, sellerUserId: string, now = new Date()): Promise<TStandingDemandResponse> {
  const to = new Date(now.getTime() + 7 * 24 * HOUR_MS);
  const rows = await listRunningStandingOrdersOfFarm(app.db, sellerUserId);
  const ids = rows.map((row) => row.id);
  const [lines, cycles] = await Promise.all([listStandingLines(app.db, ids), listStandingCycles(app.db, ids)]);
  const perProduct = new Map<string, { quantity: number; buyers: Set<string> }>();
  let cycleCount = 0;
  for (const row of rows) {
    const rhythm = rhythmOf(row);
    const ownCycles = new Map(cycles.filter((cycle) => cycle.standingOrderId === row.id).map((cycle) => [cycle.cycleDate, cycle]));
    for (const day of cycleDaysBetween(rhythm, addDays(dayOf(now), -1), dayOf(to))) {
      if (row.pausedUntil !== null && day < row.pausedUntil) continue;
      const cycle = ownCycles.get(day);
      if (cycle && ORDERS_NOTHING.includes(cycle.status)) continue;
      const at = cycle?.slotStartsAt ?? patternInstant(rhythm, day);
      if (at.getTime() < now.getTime() || at.getTime() >= to.getTime()) continue;
      cycleCount += 1;
      const leftOut = new Set(cycle?.status === 'partly_placed' ? cycle.leftOut.map((line) => line.productId) : []);
      for (const line of lines) {
        if (line.standingOrderId !== row.id || leftOut.has(line.productId)) continue;
        const entry = perProduct.get(line.productId) ?? { quantity: 0, buyers: new Set<string>() };
        entry.quantity += line.quantity;
        entry.buyers.add(row.buyerUserId);
        perProduct.set(line.productId, entry);
      }
    }
  }
  const productsById = await findStandingProducts(app.db, [...perProduct.keys()]);
  const demand = [...perProduct.entries()]
    .map(([productId, entry]) => {
      const product = productsById.get(productId);
      return {
        productId,
        title: product?.title ?? '',
        unit: product?.unit ?? 'piece',
        quantity: entry.quantity,
        buyers: entry.buyers.size,
        available: product && product.status === 'active' ? product.available : 0,
      };
    })
    .sort((a, b) => b.quantity - a.quantity || a.title.localeCompare(b.title));
  return {
    from: now.toISOString(),
    to: to.toISOString(),
    standingOrderCount: rows.filter((row) => row.status === 'active').length,
    cycleCount,
    products: demand,
  };
}
