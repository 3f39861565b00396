import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn, updatedAtColumn } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * Discount codes (issue 27, decision 062). A farm's code (owner = the seller) lowers that farm's
 * goods and is paid by the farm; a platform code (owner null) is paid by the platform's commission
 * account. The code is stored upper-case and is unique per owner scope (one farm's codes, or the
 * platform's); the buyer's lookup is case-insensitive.
 */
export const discountKind = pgEnum('discount_kind', ['percent', 'fixed']);
export const discountStatus = pgEnum('discount_status', ['active', 'paused', 'ended']);
export const discountRedemptionStatus = pgEnum('discount_redemption_status', ['active', 'returned']);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: idColumn(),
    /** The farm (seller) that runs and pays for the code; null for a platform code. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: discountKind('kind').notNull(),
    /** Whole percent (1-100) for percent codes, minor units for fixed ones. */
    value: bigint('value', { mode: 'number' }).notNull(),
    minOrderMinor: bigint('min_order_minor', { mode: 'number' }).notNull().default(0),
    startsAt: timestampColumn('starts_at'),
    endsAt: timestampColumn('ends_at'),
    totalUses: integer('total_uses'),
    usesPerBuyer: integer('uses_per_buyer'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    status: discountStatus('status').notNull().default('active'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('discount_codes_owner_code_unique').on(table.ownerUserId, table.code).where(sql`owner_user_id is not null`),
    uniqueIndex('discount_codes_platform_code_unique').on(table.code).where(sql`owner_user_id is null`),
    index('discount_codes_code_idx').on(table.code),
    check('discount_codes_upper', sql`${table.code} = upper(${table.code})`),
    check('discount_codes_value', sql`${table.value} > 0 and (${table.kind} <> 'percent' or ${table.value} <= 100)`),
    check('discount_codes_limits', sql`${table.minOrderMinor} >= 0 and (${table.totalUses} is null or ${table.totalUses} > 0) and (${table.usesPerBuyer} is null or ${table.usesPerBuyer} > 0)`),
  ],
);
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** One code applied to one order; returned when the order is cancelled or refunded. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: idColumn(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The checkout the order belongs to: one checkout is one use of a code, however many farms it holds. */
    checkoutId: uuid('checkout_id').notNull(),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: discountRedemptionStatus('status').notNull().default('active'),
    createdAt: createdAtColumn(),
    returnedAt: timestampColumn('returned_at'),
  },
  (table) => [
    uniqueIndex('discount_redemptions_code_order_unique').on(table.codeId, table.orderId),
    index('discount_redemptions_code_idx').on(table.codeId, table.status),
    index('discount_redemptions_order_idx').on(table.orderId),
    check('discount_redemptions_amount', sql`${table.amountMinor} >= 0`),
  ],
);
export type DiscountRedemptionRow = typeof discountRedemptions.$inferSelect;
