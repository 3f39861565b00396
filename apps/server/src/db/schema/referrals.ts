import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { createdAtColumn, idColumn, timestampColumn } from './columns';
import { ledgerTransactions } from './ledger';
import { orders } from './orders';
import { users } from './users';

/**
 * Referral programme (issue 13, decision 023). The agent's code lives on `referral_codes` (one per
 * approved referral agent, made at approval or on first use); an attribution ties a referred user to
 * the agent for one side (buyer: at sign-up; farm: at the seller application), once per user and
 * side; an earning is one order's share of the commission for one agent, pending from payment until
 * completion, then posted through the ledger.
 */
export const referralSide = pgEnum('referral_side', ['buyer', 'farm']);
export const referralSource = pgEnum('referral_source', ['signup', 'oidc_signup', 'seller_form', 'referred_person']);
export const referralEarningStatus = pgEnum('referral_earning_status', ['pending', 'available', 'reversed']);

export const referralCodes = pgTable(
  'referral_codes',
  {
    code: text('code').primaryKey(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('referral_codes_agent_unique').on(table.agentId), check('referral_codes_upper', sql`${table.code} = upper(${table.code})`)],
);
export type ReferralCodeRow = typeof referralCodes.$inferSelect;

export const referralAttributions = pgTable(
  'referral_attributions',
  {
    id: idColumn(),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: referralSide('side').notNull(),
    source: referralSource('source').notNull(),
    /** Orders placed before this earn (attribution + REFERRAL_BUYER_DAYS or REFERRAL_SELLER_DAYS). */
    earnsUntil: timestampColumn('earns_until').notNull(),
    voidedAt: timestampColumn('voided_at'),
    voidedByUserId: uuid('voided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    // One attribution per user and side, first touch wins (a racing second insert fails here).
    uniqueIndex('referral_attributions_user_side_unique').on(table.referredUserId, table.side),
    index('referral_attributions_agent_idx').on(table.agentUserId, table.createdAt.desc(), table.id.desc()),
    check('referral_attributions_not_self', sql`${table.agentUserId} <> ${table.referredUserId}`),
  ],
);
export type ReferralAttributionRow = typeof referralAttributions.$inferSelect;

export const referralEarnings = pgTable(
  'referral_earnings',
  {
    id: idColumn(),
    attributionId: uuid('attribution_id')
      .notNull()
      .references(() => referralAttributions.id, { onDelete: 'restrict' }),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    side: referralSide('side').notNull(),
    status: referralEarningStatus('status').notNull().default('pending'),
    /** The platform's commission on the order: expected while pending, actual at completion. */
    commissionMinor: bigint('commission_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    settledAt: timestampColumn('settled_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    // An agent earns once per order, even when it referred both the buyer and the farm.
    uniqueIndex('referral_earnings_order_agent_unique').on(table.orderId, table.agentUserId),
    index('referral_earnings_agent_idx').on(table.agentUserId, table.createdAt.desc(), table.id.desc()),
    index('referral_earnings_attribution_idx').on(table.attributionId),
    check('referral_earnings_amounts_nonnegative', sql`${table.amountMinor} >= 0 and ${table.commissionMinor} >= 0`),
  ],
);
export type ReferralEarningRow = typeof referralEarnings.$inferSelect;

/**
 * Counted link visits. A visit counts once per browser (`visitorKey`, a hash of the browser's random
 * id) and code in REFERRAL_VISIT_BROWSER_HOURS, and at most REFERRAL_VISITS_PER_IP_HOUR per IP hash
 * and code in an hour; only counted visits are stored.
 */
export const referralVisits = pgTable(
  'referral_visits',
  {
    id: idColumn(),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    ipKey: text('ip_key').notNull(),
    path: text('path').notNull().default('/'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('referral_visits_agent_visitor_idx').on(table.agentUserId, table.visitorKey, table.createdAt),
    index('referral_visits_agent_ip_idx').on(table.agentUserId, table.ipKey, table.createdAt),
  ],
);
