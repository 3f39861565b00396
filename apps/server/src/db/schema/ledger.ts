import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * user_available / user_escrow belong to a user; the platform_* accounts have no owner.
 * agent_escrow holds a delivery agent's fees of delivered orders until those orders complete
 * (apart from user_escrow, which is the money of the user's own purchases).
 * provider_clearing mirrors money held at the payment provider: it goes negative as users top up.
 */
export const ledgerAccountKind = pgEnum('ledger_account_kind', [
  'user_available',
  'user_escrow',
  'user_paid_out',
  'platform_commission',
  'platform_delivery_fees',
  'provider_clearing',
  'agent_escrow',
  'user_payout_pending',
  'platform_provider_fees',
]);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: idColumn(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    kind: ledgerAccountKind('kind').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_owner_kind_unique').on(table.ownerUserId, table.kind).where(sql`owner_user_id is not null`),
    uniqueIndex('ledger_accounts_platform_kind_unique').on(table.kind).where(sql`owner_user_id is null`),
  ],
);

export const ledgerTransactionKind = pgEnum('ledger_transaction_kind', [
  'top_up',
  'order_payment',
  'escrow_release',
  'refund',
  'weight_adjustment',
  'payout',
  'tip',
  'referral_earning',
  'provider_fee',
  'payout_return',
  'platform_discount',
]);

/** One movement of money; its postings sum to zero. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: idColumn(),
    kind: ledgerTransactionKind('kind').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** Makes a retried movement (a provider callback, a double click) happen once. */
    idempotencyKey: text('idempotency_key'),
    memo: text('memo').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_idempotency_key_unique').on(table.idempotencyKey),
    index('ledger_transactions_order_id_idx').on(table.orderId),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: idColumn(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed, minor units: positive adds to the account's balance. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('ledger_postings_account_created_idx').on(table.accountId, table.createdAt),
    index('ledger_postings_transaction_id_idx').on(table.transactionId),
    check('ledger_postings_amount_non_zero', sql`${table.amountMinor} <> 0`),
  ],
);

export const topUpStatus = pgEnum('top_up_status', ['pending', 'succeeded', 'failed', 'abandoned']);

/** A wallet top-up through the payment provider (the sandbox provider settles at once). */
export const topUps = pgTable(
  'top_ups',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    status: topUpStatus('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The payment intent that carries this top-up's money (null for top-ups made before intents). */
    intentId: uuid('intent_id'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('top_ups_user_key_unique').on(table.userId, table.idempotencyKey),
    index('top_ups_intent_id_idx').on(table.intentId),
    check('top_ups_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

export const payoutStatus = pgEnum('payout_status', ['pending', 'succeeded', 'failed', 'reversed']);

/**
 * A seller's payout to their payout details through the payment provider. Unique per user and
 * Idempotency-Key: a retry returns the same payout. Only a succeeded payout moves money
 * (user_available -> user_paid_out, ledger kind payout).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Where the money went, as shown to the seller (e.g. "Mobile money MTN ****4321"). */
    destination: text('destination').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    status: payoutStatus('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The provider's transfer code (Paystack TRF_...), once the transfer was accepted. */
    transferCode: text('transfer_code'),
    /** The provider's recipient the money was sent to (Paystack RCP_...). */
    recipientCode: text('recipient_code'),
    /** When the provider settled it (transfer.success) or gave it back (failed, reversed). */
    decidedAt: timestampColumn('decided_at'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('payouts_pending_idx').on(table.createdAt).where(sql`status = 'pending'`),
    uniqueIndex('payouts_user_key_unique').on(table.userId, table.idempotencyKey),
    index('payouts_user_id_idx').on(table.userId, table.id),
    check('payouts_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerPostingRow = typeof ledgerPostings.$inferSelect;
export type TopUpRow = typeof topUps.$inferSelect;
