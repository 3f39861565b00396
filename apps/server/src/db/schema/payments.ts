import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestampColumn, updatedAtColumn } from './columns';
import { users } from './users';

/**
 * A payment intent (issue 24): money a person is asked to pay through the provider. Created, then
 * pending while the person approves (a hosted page, a phone prompt), then decided once: succeeded,
 * failed or abandoned. Only a provider verify decides it; a webhook or a redirect only asks for one.
 */
export const paymentIntentStatus = pgEnum('payment_intent_status', ['created', 'pending', 'succeeded', 'failed', 'abandoned']);
export const paymentIntentPurpose = pgEnum('payment_intent_purpose', ['top_up', 'checkout']);

export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    purpose: paymentIntentPurpose('purpose').notNull(),
    /** The checkout whose orders this pays (purpose checkout). */
    checkoutId: uuid('checkout_id'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    /** Our own unique reference, sent to the provider (the provider's idempotency key). */
    reference: text('reference').notNull(),
    /** How the person pays: hosted (redirect), mobile_money (charge API), card (sandbox card number). */
    method: text('method').notNull(),
    status: paymentIntentStatus('status').notNull().default('created'),
    /** The provider's last word while pending: send_otp, pay_offline, redirect... */
    nextAction: text('next_action'),
    /** The provider's instruction to show while pending ("Approve the payment on your phone"). */
    displayText: text('display_text'),
    authorizationUrl: text('authorization_url'),
    /** The provider's reason, as stored for the person (a failure or an abandonment). */
    failureReason: text('failure_reason'),
    /** What the provider's verify said was paid, and its fee (minor units), once decided. */
    verifiedAmountMinor: bigint('verified_amount_minor', { mode: 'number' }),
    verifiedCurrency: text('verified_currency'),
    feesMinor: bigint('fees_minor', { mode: 'number' }),
    /** Why the verify disagreed with the intent (amount, currency); nothing was credited. */
    mismatch: text('mismatch'),
    /** The provider's verify answer that decided it (no card data: Paystack sends masked details only). */
    verifyPayload: jsonb('verify_payload'),
    /** After this the checkout's reservation lapses; money arriving later goes to the wallet. */
    expiresAt: timestampColumn('expires_at'),
    decidedAt: timestampColumn('decided_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('payment_intents_reference_unique').on(table.reference),
    index('payment_intents_user_idx').on(table.userId, table.createdAt),
    index('payment_intents_undecided_idx').on(table.createdAt).where(sql`status in ('created', 'pending')`),
  ],
);

/**
 * Every webhook the provider sent, stored once (unique event key) before it is acted on, so a
 * crash after answering 200 loses nothing: a sweep processes events whose processedAt is null.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: idColumn(),
    provider: text('provider').notNull(),
    /** The provider's event identity (Paystack: event name + data.id or reference). */
    eventKey: text('event_key').notNull(),
    event: text('event').notNull(),
    reference: text('reference'),
    payload: jsonb('payload').notNull(),
    /** applied, duplicate, unknown_reference, mismatch, ignored, failed: what acting on it did. */
    outcome: text('outcome'),
    note: text('note'),
    processedAt: timestampColumn('processed_at'),
    receivedAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('payment_events_provider_key_unique').on(table.provider, table.eventKey),
    index('payment_events_reference_idx').on(table.reference),
    index('payment_events_unprocessed_idx').on(table.receivedAt).where(sql`processed_at is null`),
  ],
);

/**
 * A payout destination registered with the provider (Paystack transfer recipient). One per user,
 * provider and account; saving payout details creates it, a payout uses it.
 */
export const payoutRecipients = pgTable(
  'payout_recipients',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    /** mobile_money or bank (ghipss for a Ghanaian bank account). */
    method: text('method').notNull(),
    /** The provider's bank or network code (MTN, VOD, ATL for mobile money in Ghana). */
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    /** The name the provider resolved for the account (shown for confirmation), else as typed. */
    accountName: text('account_name').notNull(),
    recipientCode: text('recipient_code').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('payout_recipients_account_unique').on(table.userId, table.provider, table.bankCode, table.accountNumber)],
);

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
export type PayoutRecipientRow = typeof payoutRecipients.$inferSelect;
