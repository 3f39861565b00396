import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { addresses } from './addresses';
import { createdAtColumn, idColumn, timestampColumn, updatedAtColumn } from './columns';
import { deliverySlots, fulfilmentMethod } from './delivery-slots';
import { orders } from './orders';
import { products } from './products';
import { users } from './users';

/**
 * Weekly baskets (issue 28, decision 064): a buyer's standing order with one farm, repeated every 1
 * or 2 weeks at the farm's slot of the same weekday and time (or the nearest one that week), paid
 * from the wallet. Times are kept in UTC, the market's time (Africa/Accra has no offset and no
 * summer time): the pattern is the minute of the week of the first slot's start.
 */
export const standingOrderStatus = pgEnum('standing_order_status', ['active', 'paused', 'cancelled', 'ended']);

/**
 * What happened to one cycle. `upcoming` was announced (a day before the cut-off) and may still be
 * skipped; `placed` and `partly_placed` made an order; `held_price` and `held_funds` wait for the
 * buyer until the cut-off; `skipped` by the buyer, `no_slot` when the farm had no slot that week,
 * `missed` when a held cycle reached its cut-off, `failed` when nothing could be ordered.
 */
export const standingCycleStatus = pgEnum('standing_cycle_status', [
  'upcoming',
  'placed',
  'partly_placed',
  'held_price',
  'held_funds',
  'skipped',
  'no_slot',
  'missed',
  'failed',
]);

export const standingOrders = pgTable(
  'standing_orders',
  {
    id: idColumn(),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fulfilment: fulfilmentMethod('fulfilment').notNull(),
    /** The delivery address (the buyer's saved address, read at each cycle); null for pickup. */
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** Minute of the week (0 = Monday 00:00 UTC) the farm's slot starts at: the slot pattern. */
    slotMinuteOfWeek: integer('slot_minute_of_week').notNull(),
    intervalWeeks: integer('interval_weeks').notNull().default(1),
    /** The first cycle's date (UTC day of its slot); cycle n is startsOn + n x intervalWeeks weeks. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** The last day a cycle may fall on; null runs until cancelled. */
    endsOn: date('ends_on', { mode: 'string' }),
    /** Paused: no cycle dated before this day. */
    pausedUntil: date('paused_until', { mode: 'string' }),
    /** Any price rise above this percent over the accepted price holds the cycle for the buyer's yes. */
    priceIncreaseLimitPercent: integer('price_increase_limit_percent').notNull().default(10),
    status: standingOrderStatus('status').notNull().default('active'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    index('standing_orders_buyer_idx').on(table.buyerUserId, table.status),
    index('standing_orders_seller_idx').on(table.sellerUserId, table.status),
    // One running weekly basket per buyer and farm: a double click makes one, a second is changed instead.
    uniqueIndex('standing_orders_one_running_per_farm').on(table.buyerUserId, table.sellerUserId).where(sql`status in ('active', 'paused')`),
    check('standing_orders_interval', sql`${table.intervalWeeks} in (1, 2)`),
    check('standing_orders_minute', sql`${table.slotMinuteOfWeek} >= 0 and ${table.slotMinuteOfWeek} < 10080`),
    check('standing_orders_price_limit', sql`${table.priceIncreaseLimitPercent} >= 0 and ${table.priceIncreaseLimitPercent} <= 1000`),
    check('standing_orders_dates', sql`${table.endsOn} is null or ${table.endsOn} >= ${table.startsOn}`),
  ],
);
export type StandingOrderRow = typeof standingOrders.$inferSelect;

/** What each cycle orders: a product and a quantity, with the unit price the buyer accepted. */
export const standingOrderLines = pgTable(
  'standing_order_lines',
  {
    id: idColumn(),
    standingOrderId: uuid('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The price shown when the buyer made or last confirmed the line; the price limit compares with it. */
    acceptedUnitPriceMinor: bigint('accepted_unit_price_minor', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('standing_order_lines_product_unique').on(table.standingOrderId, table.productId),
    index('standing_order_lines_product_idx').on(table.productId),
    check('standing_order_lines_quantity', sql`${table.quantity} >= 1`),
    check('standing_order_lines_price', sql`${table.acceptedUnitPriceMinor} >= 0`),
  ],
);
export type StandingOrderLineRow = typeof standingOrderLines.$inferSelect;

/** A line a cycle left out, and why (sold out, paused, fewer left than asked). */
export interface StandingCycleLeftOut {
  productId: string;
  title: string;
  quantity: number;
  reason: 'sold_out' | 'unavailable' | 'not_enough';
}

/**
 * One cycle of a standing order: at most one row per standing order and cycle date (the unique key
 * every process inserts against), and at most one order.
 */
export const standingOrderCycles = pgTable(
  'standing_order_cycles',
  {
    id: idColumn(),
    standingOrderId: uuid('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    cycleDate: date('cycle_date', { mode: 'string' }).notNull(),
    status: standingCycleStatus('status').notNull(),
    slotId: uuid('slot_id').references(() => deliverySlots.id, { onDelete: 'set null' }),
    slotStartsAt: timestampColumn('slot_starts_at'),
    cutoffAt: timestampColumn('cutoff_at'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** What the order would cost or cost (minor units), for the history and the held reasons. */
    totalMinor: bigint('total_minor', { mode: 'number' }),
    leftOut: jsonb('left_out').$type<StandingCycleLeftOut[]>().notNull().default([]),
    /** Why a cycle is held, missed or failed, as a short code the web translates. */
    reason: text('reason'),
    /** When the top-up reminder (held for money, a day before the cut-off) was sent. */
    remindedAt: timestampColumn('reminded_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('standing_order_cycles_once').on(table.standingOrderId, table.cycleDate),
    uniqueIndex('standing_order_cycles_order_unique').on(table.orderId).where(sql`order_id is not null`),
    index('standing_order_cycles_status_idx').on(table.status, table.cutoffAt),
  ],
);
export type StandingOrderCycleRow = typeof standingOrderCycles.$inferSelect;
