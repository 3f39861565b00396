import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TReconciliationState } from '@pulse/contract/payments';
import type { Db } from '../../db/client';
import { ledgerTransactions, payouts, type PayoutRow } from '../../db/schema/ledger';
import { paymentEvents, paymentIntents, type PaymentEventRow, type PaymentIntentRow } from '../../db/schema/payments';
import { users } from '../../db/schema/users';

export type ReconciliationKind = 'payment' | 'transfer' | 'event';

/**
 * Every provider payment, every payout (transfer) and every event that named no known reference,
 * each with its reconciliation state:
 * - payment: matched (succeeded: its credit is in the ledger), waiting (created, pending), mismatch
 *   (the verify disagreed with the intent), failed (failed, abandoned);
 * - transfer: matched (succeeded), waiting (pending), failed (failed, reversed: the money went back);
 * - event: mismatch (unknown reference).
 */
const RECONCILIATION_ITEMS = sql`
  select 'payment' as kind, pi.id, pi.created_at,
    case when pi.mismatch is not null then 'mismatch'
         when pi.status = 'succeeded' then 'matched'
         when pi.status in ('created', 'pending') then 'waiting'
         else 'failed' end as state
  from payment_intents pi
  union all
  select 'transfer' as kind, p.id, p.created_at,
    case when p.status = 'succeeded' then 'matched'
         when p.status = 'pending' then 'waiting'
         else 'failed' end as state
  from payouts p
  union all
  select 'event' as kind, e.id, e.created_at, 'mismatch' as state
  from payment_events e
  where e.outcome = 'unknown_reference'`;

export interface ReconciliationRef {
  kind: ReconciliationKind;
  id: string;
  state: TReconciliationState;
  /** created_at in UTC with microseconds (the page cursor). */
  cursorAt: string;
}

/** Newest first, keyset on (created_at, id); `after.at` is a previous row's `cursorAt`. */
export async function listReconciliationRefs(
  db: Db,
  state: TReconciliationState | undefined,
  limit: number,
  after: { at: string; id: string } | null,
): Promise<ReconciliationRef[]> {
  const conditions: SQL[] = [];
  if (state) conditions.push(sql`items.state = ${state}`);
  if (after) {
    conditions.push(sql`(items.created_at < ${after.at}::timestamptz or (items.created_at = ${after.at}::timestamptz and items.id < ${after.id}::uuid))`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await db.execute(sql`
    select items.kind, items.id, items.state,
      to_char(items.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
    from (${RECONCILIATION_ITEMS}) items
    ${where}
    order by items.created_at desc, items.id desc
    limit ${limit}`);
  const rows = (result as unknown as { rows: Array<{ kind: ReconciliationKind; id: string; state: TReconciliationState; cursor_at: string }> }).rows;
  return rows.map((row) => ({ kind: row.kind, id: row.id, state: row.state, cursorAt: row.cursor_at }));
}

export async function countReconciliationStates(db: Db): Promise<Record<TReconciliationState, number>> {
  const result = await db.execute(sql`select items.state, count(*)::integer as count from (${RECONCILIATION_ITEMS}) items group by items.state`);
  const counts: Record<TReconciliationState, number> = { matched: 0, waiting: 0, failed: 0, mismatch: 0 };
  for (const row of (result as unknown as { rows: Array<{ state: TReconciliationState; count: number | string }> }).rows) counts[row.state] = Number(row.count);
  return counts;
}

export type IntentWithUser = PaymentIntentRow & { username: string | null };
export type PayoutWithUser = PayoutRow & { username: string | null };

export async function findIntentsWithUsers(db: Db, ids: string[]): Promise<IntentWithUser[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ intent: paymentIntents, username: users.username }).from(paymentIntents).leftJoin(users, eq(users.id, paymentIntents.userId)).where(inArray(paymentIntents.id, ids));
  return rows.map((row) => ({ ...row.intent, username: row.username }));
}

export async function findPayoutsWithUsers(db: Db, ids: string[]): Promise<PayoutWithUser[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ payout: payouts, username: users.username }).from(payouts).leftJoin(users, eq(users.id, payouts.userId)).where(inArray(payouts.id, ids));
  return rows.map((row) => ({ ...row.payout, username: row.username }));
}

export async function findEventsByIds(db: Db, ids: string[]): Promise<PaymentEventRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(paymentEvents).where(inArray(paymentEvents.id, ids));
}

/** The events that named these references, oldest first. */
export async function findEventsByReferences(db: Db, references: string[]): Promise<PaymentEventRow[]> {
  if (references.length === 0) return [];
  return db.select().from(paymentEvents).where(inArray(paymentEvents.reference, references)).orderBy(paymentEvents.receivedAt, paymentEvents.id);
}

/** Ledger transaction ids by idempotency key. */
export async function findLedgerTransactionsByKeys(db: Db, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(inArray(ledgerTransactions.idempotencyKey, keys));
  return new Map(rows.filter((row) => row.key !== null).map((row) => [row.key as string, row.id]));
}
