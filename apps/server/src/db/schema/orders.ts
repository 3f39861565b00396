import { ORDER_STATUSES } from '@pulse/contract/orders';
import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn, updatedAtColumn } from './columns';
import { deliverySlots, fulfilmentMethod } from './delivery-slots';
import { productUnit, products } from './products';
import { users } from './users';

/** product.md's order states, in the contract's order (the enum's order in the database). */
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

export const orderActor = pgEnum('order_actor', ['buyer', 'seller', 'agent', 'admin', 'system']);

/** One checkout request of a buyer; the Idempotency-Key makes a retry return the same orders. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: idColumn(),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of the request body: the same key with a different body is refused. */
    requestHash: text('request_hash').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('checkouts_buyer_key_unique').on(table.buyerUserId, table.idempotencyKey)],
);

/** The delivery address as it was at checkout; later edits of the address book do not change it. */
export interface OrderAddressSnapshot {
  recipientName: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  lat: number | null;
  lng: number | null;
}

export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerUserId: uuid('seller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: orderStatus('status').notNull().default('pending_payment'),
    fulfilment: fulfilmentMethod('fulfilment').notNull(),
    deliveryAddress: jsonb('delivery_address').$type<OrderAddressSnapshot>(),
    distanceKm: doublePrecision('distance_km'),
    slotId: uuid('slot_id').references(() => deliverySlots.id, { onDelete: 'set null' }),
    slotStartsAt: timestampColumn('slot_starts_at'),
    slotEndsAt: timestampColumn('slot_ends_at'),
    currency: text('currency').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    deliveryFeeMinor: bigint('delivery_fee_minor', { mode: 'number' }).notNull().default(0),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** What went back to the buyer so far (final weight differences, refunds). */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    /**
     * Discount codes applied (decision 062): the farm's code lowers the goods the farm is paid for,
     * the platform's is funded from the commission account at payment. totalMinor is what the buyer
     * pays: subtotal - both discounts + delivery fee. The codes are kept as typed for receipts.
     */
    farmDiscountMinor: bigint('farm_discount_minor', { mode: 'number' }).notNull().default(0),
    platformDiscountMinor: bigint('platform_discount_minor', { mode: 'number' }).notNull().default(0),
    farmDiscountCodeId: uuid('farm_discount_code_id'),
    farmDiscountCode: text('farm_discount_code'),
    platformDiscountCodeId: uuid('platform_discount_code_id'),
    platformDiscountCode: text('platform_discount_code'),
    /** The code the buyer gives the agent (or the farm at pickup) to confirm the hand-over. */
    confirmationCode: text('confirmation_code').notNull(),
    refundReason: text('refund_reason'),
    /** When the buyer asked for the refund. */
    refundRequestedAt: timestampColumn('refund_requested_at'),
    /** The farm's reason for contesting the refund (refund_disputed). */
    refundContestReason: text('refund_contest_reason'),
    /** Why the refund was refused (by the farm or an admin). */
    refundDecisionReason: text('refund_decision_reason'),
    /** When the refund was approved or refused. */
    refundResolvedAt: timestampColumn('refund_resolved_at'),
    cancelReason: text('cancel_reason'),
    /** When an unpaid order lapses and releases its stock. */
    expiresAt: timestampColumn('expires_at'),
    paidAt: timestampColumn('paid_at'),
    deliveredAt: timestampColumn('delivered_at'),
    completedAt: timestampColumn('completed_at'),
    /** Timer for the automatic step (auto-complete N days after delivery). */
    autoCompleteAt: timestampColumn('auto_complete_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    index('orders_buyer_created_idx').on(table.buyerUserId, table.createdAt.desc()),
    index('orders_seller_created_idx').on(table.sellerUserId, table.createdAt.desc()),
    index('orders_checkout_id_idx').on(table.checkoutId),
    index('orders_pending_expiry_idx').on(table.expiresAt).where(sql`status = 'pending_payment'`),
    index('orders_auto_complete_idx').on(table.autoCompleteAt).where(sql`status = 'delivered'`),
    check('orders_amounts_non_negative', sql`${table.subtotalMinor} >= 0 and ${table.deliveryFeeMinor} >= 0 and ${table.totalMinor} >= 0 and ${table.refundedMinor} >= 0 and ${table.refundedMinor} <= ${table.totalMinor}`),
    check('orders_discounts', sql`${table.farmDiscountMinor} >= 0 and ${table.platformDiscountMinor} >= 0 and ${table.farmDiscountMinor} + ${table.platformDiscountMinor} <= ${table.subtotalMinor}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Snapshots: the order keeps what was bought even if the product changes later. */
    title: text('title').notNull(),
    unit: productUnit('unit').notNull(),
    imageUrl: text('image_url'),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    /** Final measured quantity in thousandths of the unit (produce sold by weight); null until recorded. */
    finalQuantityMilli: integer('final_quantity_milli'),
    lineTotalMinor: bigint('line_total_minor', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('order_items_order_id_idx').on(table.orderId),
    index('order_items_product_id_idx').on(table.productId),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_final_quantity', sql`${table.finalQuantityMilli} is null or (${table.finalQuantityMilli} >= 0 and ${table.finalQuantityMilli} <= ${table.quantity} * 1000)`),
  ],
);

/** Every transition of an order: from, to, who and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    actor: orderActor('actor').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('order_events_order_created_idx').on(table.orderId, table.createdAt)],
);

export type CheckoutRow = typeof checkouts.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

export const ORDER_ITEM_QUANTITY_SCALE = 1000;
