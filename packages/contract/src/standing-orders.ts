import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { ZId } from './ids';
import { contractMessage } from './messages-i18n';
import { ZMinor } from './money';
import { ZDeliverySlot, ZFulfilment } from './orders';

/**
 * Weekly baskets (issue 28, decision 064): a buyer's standing order with one farm, ordered again
 * every 1 or 2 weeks at the farm's slot of the same weekday and time (or the nearest one that
 * week), paid from the wallet through the checkout. Buyer routes under /api/standing-orders, the
 * farm's expected demand at /api/seller/standing-demand.
 */

/** Lines one weekly basket holds at most. */
export const STANDING_ORDER_MAX_LINES = 30;
/** The quantity of one line at most (a farm box, not a wholesale contract). */
export const STANDING_ORDER_MAX_QUANTITY = 999;
/** Default: any rise of a line's price over 10% holds the cycle for the buyer's yes. */
export const STANDING_ORDER_DEFAULT_PRICE_LIMIT_PERCENT = 10;
/** A cycle is announced (with Skip) this many hours before its slot's cut-off; a held one is reminded then. */
export const STANDING_ORDER_ANNOUNCE_HOURS_BEFORE_CUTOFF = 24;
/** A cycle becomes an order this many hours before its slot's cut-off (until then it may be skipped or changed). */
export const STANDING_ORDER_PLACE_HOURS_BEFORE_CUTOFF = 12;
/** The farm's slot of a cycle is the one nearest the pattern, at most this many hours away from it. */
export const STANDING_ORDER_SLOT_SEARCH_HOURS = 84;

export const ZStandingOrderStatus = z.enum(['active', 'paused', 'cancelled', 'ended']);
export type TStandingOrderStatus = z.infer<typeof ZStandingOrderStatus>;

/** See the standing_order_cycles table: what happened to one cycle. */
export const ZStandingCycleStatus = z.enum(['upcoming', 'placed', 'partly_placed', 'held_price', 'held_funds', 'skipped', 'no_slot', 'missed', 'failed']);
export type TStandingCycleStatus = z.infer<typeof ZStandingCycleStatus>;

export const ZIntervalWeeks = z.union([z.literal(1), z.literal(2)]);

/** A day, YYYY-MM-DD (the length bound keeps the OpenAPI lint's request string rule). */
const ZDay = z.iso.date().max(10);

export const ZStandingOrderLineInput = z.object({
  productId: ZId,
  quantity: z
    .number()
    .int()
    .min(1, { message: contractMessage(msg`At least 1`) })
    .max(STANDING_ORDER_MAX_QUANTITY, { message: contractMessage(msg`At most 999`) }),
});
export type TStandingOrderLineInput = z.infer<typeof ZStandingOrderLineInput>;

const ZLines = z
  .array(ZStandingOrderLineInput)
  .min(1, { message: contractMessage(msg`Add at least one product`) })
  .max(STANDING_ORDER_MAX_LINES, { message: contractMessage(msg`A weekly basket holds at most 30 products`) })
  .refine((lines) => new Set(lines.map((line) => line.productId.toLowerCase())).size === lines.length, {
    message: contractMessage(msg`Each product once`),
  });

/**
 * POST /api/standing-orders/preview and POST /api/standing-orders. The first slot is one of the
 * farm's open slots (GET /api/sellers/{userId}/slots): its weekday and time are the pattern, its day
 * the first cycle. All lines are the farm's (sellerUserId).
 */
export const ZCreateStandingOrderRequest = z
  .object({
    sellerUserId: ZId,
    lines: ZLines,
    fulfilment: ZFulfilment,
    /** Required for delivery: one of the buyer's saved addresses. */
    addressId: ZId.nullable().default(null),
    firstSlotId: ZId,
    intervalWeeks: ZIntervalWeeks.default(1),
    /** The last day a cycle may fall on; none runs until cancelled. */
    endsOn: ZDay.nullable().default(null),
    priceIncreaseLimitPercent: z.number().int().min(0).max(1000).default(STANDING_ORDER_DEFAULT_PRICE_LIMIT_PERCENT),
  })
  .refine((input) => input.fulfilment !== 'delivery' || input.addressId !== null, {
    message: contractMessage(msg`Choose a delivery address.`),
    path: ['addressId'],
  });
export type TCreateStandingOrderRequest = z.input<typeof ZCreateStandingOrderRequest>;

/** A line as the buyer sees it now: the accepted price beside today's, and whether the farm has it. */
export const ZStandingOrderLine = z.object({
  productId: ZId,
  title: z.string(),
  unit: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int().positive(),
  acceptedUnitPriceMinor: ZMinor,
  unitPriceMinor: ZMinor,
  /** active: orderable; sold_out / unavailable (paused, archived): the next cycle goes without it. */
  availability: z.enum(['active', 'sold_out', 'unavailable']),
  available: z.number().int().nonnegative(),
});
export type TStandingOrderLine = z.infer<typeof ZStandingOrderLine>;

/** The next cycle as it would be placed today: its date and slot, what it holds and its estimated total. */
export const ZStandingOrderNextCycle = z.object({
  cycleDate: ZDay,
  slot: ZDeliverySlot.nullable(),
  /** When it becomes an order (the buyer may skip or change it until then). */
  placesAt: z.iso.datetime().nullable(),
  skipped: z.boolean(),
  subtotalMinor: ZMinor,
  deliveryFeeMinor: ZMinor,
  estimatedTotalMinor: ZMinor,
  /** Lines it would go without (sold out or unavailable today). */
  leftOut: z.array(ZId),
  /** A price above the buyer's limit: the cycle will wait for a yes. */
  priceAboveLimit: z.boolean(),
});
export type TStandingOrderNextCycle = z.infer<typeof ZStandingOrderNextCycle>;

export const ZStandingCycleLeftOut = z.object({
  productId: ZId,
  title: z.string(),
  quantity: z.number().int().positive(),
  reason: z.enum(['sold_out', 'unavailable', 'not_enough']),
});

export const ZStandingOrderCycle = z.object({
  id: ZId,
  cycleDate: ZDay,
  status: ZStandingCycleStatus,
  slotStartsAt: z.iso.datetime().nullable(),
  cutoffAt: z.iso.datetime().nullable(),
  orderId: ZId.nullable(),
  totalMinor: ZMinor.nullable(),
  leftOut: z.array(ZStandingCycleLeftOut),
  /** Why it is held, missed or failed, in the buyer's language. */
  reason: z.string().nullable(),
});
export type TStandingOrderCycle = z.infer<typeof ZStandingOrderCycle>;

export const ZStandingOrderSummary = z.object({
  id: ZId,
  sellerUserId: ZId,
  shopName: z.string(),
  status: ZStandingOrderStatus,
  fulfilment: ZFulfilment,
  intervalWeeks: ZIntervalWeeks,
  /** Minute of the week (0 = Monday 00:00, market time) of the slot pattern. */
  slotMinuteOfWeek: z.number().int().min(0).max(10_079),
  startsOn: ZDay,
  endsOn: ZDay.nullable(),
  pausedUntil: ZDay.nullable(),
  lineCount: z.number().int().nonnegative(),
  next: ZStandingOrderNextCycle.nullable(),
  /** A held cycle waiting for the buyer (a price to confirm, money to top up). */
  needsAttention: z.boolean(),
});
export type TStandingOrderSummary = z.infer<typeof ZStandingOrderSummary>;

export const ZStandingOrderDetail = ZStandingOrderSummary.extend({
  addressId: ZId.nullable(),
  priceIncreaseLimitPercent: z.number().int(),
  lines: z.array(ZStandingOrderLine),
  /** Newest first. */
  cycles: z.array(ZStandingOrderCycle),
  currency: z.string(),
});
export type TStandingOrderDetail = z.infer<typeof ZStandingOrderDetail>;

/** GET /api/standing-orders: the buyer's weekly baskets, running ones first. */
export const ZStandingOrderListResponse = z.object({ items: z.array(ZStandingOrderSummary), currency: z.string() });
export type TStandingOrderListResponse = z.infer<typeof ZStandingOrderListResponse>;

/** POST /api/standing-orders/preview: what the first cycle would be, before anything is made. */
export const ZStandingOrderPreviewResponse = z.object({
  shopName: z.string(),
  lines: z.array(ZStandingOrderLine),
  next: ZStandingOrderNextCycle,
  /** The following cycle's day, so the buyer sees the rhythm. */
  followingCycleDate: ZDay.nullable(),
  walletAvailableMinor: ZMinor,
  currency: z.string(),
});
export type TStandingOrderPreviewResponse = z.infer<typeof ZStandingOrderPreviewResponse>;

/**
 * PATCH /api/standing-orders/{id}: changes from the next cycle not yet placed. lines replace all
 * lines (their accepted price becomes today's); firstSlotId moves the pattern to that slot's
 * weekday and time.
 */
export const ZUpdateStandingOrderRequest = z
  .object({
    lines: ZLines.optional(),
    fulfilment: ZFulfilment.optional(),
    addressId: ZId.nullable().optional(),
    firstSlotId: ZId.optional(),
    intervalWeeks: ZIntervalWeeks.optional(),
    endsOn: ZDay.nullable().optional(),
    priceIncreaseLimitPercent: z.number().int().min(0).max(1000).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: contractMessage(msg`Nothing to change`) });
export type TUpdateStandingOrderRequest = z.input<typeof ZUpdateStandingOrderRequest>;

/** POST /api/standing-orders/{id}/skip: skip (or, with skip false, take back the skip of) one coming cycle. */
export const ZSkipCycleRequest = z.object({ cycleDate: ZDay, skip: z.boolean().default(true) });
export type TSkipCycleRequest = z.input<typeof ZSkipCycleRequest>;

/** POST /api/standing-orders/{id}/pause: no cycle before `until`; POST .../resume ends the pause. */
export const ZPauseStandingOrderRequest = z.object({ until: ZDay });
export type TPauseStandingOrderRequest = z.infer<typeof ZPauseStandingOrderRequest>;

export const ZStandingOrderParams = z.object({ id: ZId });
export const ZStandingCycleParams = z.object({ id: ZId, cycleId: ZId });

/** GET /api/seller/standing-demand: what the farm's weekly baskets will order in the next 7 days. */
export const ZStandingDemandResponse = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Running (active) weekly baskets with this farm. */
  standingOrderCount: z.number().int().nonnegative(),
  /** Cycles falling in the window (not skipped). */
  cycleCount: z.number().int().nonnegative(),
  products: z.array(
    z.object({
      productId: ZId,
      title: z.string(),
      unit: z.string(),
      quantity: z.number().int().nonnegative(),
      buyers: z.number().int().nonnegative(),
      available: z.number().int().nonnegative(),
    }),
  ),
});
export type TStandingDemandResponse = z.infer<typeof ZStandingDemandResponse>;
