import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions, topUps, type TopUpRow } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';

export interface WalletHistoryRow {
  id: string;
  kind: (typeof ledgerTransactions.$inferSelect)['kind'];
  orderId: string | null;
  memo: string;
  createdAt: Date;
  availableChangeMinor: number;
  escrowChangeMinor: number;
}

const availableChange = sql<string | number>`sum(case when ${ledgerAccounts.kind} = 'user_available' then ${ledgerPostings.amountMinor} else 0 end)`;
const escrowChange = sql<string | number>`sum(case when ${ledgerAccounts.kind} = 'user_escrow' then ${ledgerPostings.amountMinor} else 0 end)`;

/**
 * The user's movements touching their available or escrow account, newest first by the time each
 * tells of (`created_at`: a movement of an order action carries the action's time, which need not
 * follow the ids, e.g. the demo's backdated history). Keyset on (created_at, id): `beforeId` is the
 * last id of the previous page; its time is read from the ledger, so the cursor stays an id.
 *
 * Money leaving the user's escrow without touching the available balance is not a line: that is a
 * buyer's payment moving on to the farm or the delivery agent, shown as the payment's state
 * (`listPaymentStates`), never as a second minus line for one order (decision 037).
 */
export async function listWalletHistory(db: Db, userId: string, limit: number, beforeId: string | null): Promise<WalletHistoryRow[]> {
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      orderId: ledgerTransactions.orderId,
      memo: ledgerTransactions.memo,
      createdAt: ledgerTransactions.createdAt,
      availableChangeMinor: availableChange,
      escrowChangeMinor: escrowChange,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        eq(ledgerAccounts.ownerUserId, userId),
        inArray(ledgerAccounts.kind, ['user_available', 'user_escrow']),
        beforeId
          ? sql`(${ledgerTransactions.createdAt}, ${ledgerTransactions.id}) < ((select page_end.created_at from ledger_transactions page_end where page_end.id = ${beforeId}::uuid), ${beforeId}::uuid)`
          : undefined,
      ),
    )
    .groupBy(ledgerTransactions.id)
    .having(sql`not (${availableChange} = 0 and ${escrowChange} < 0)`)
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, availableChangeMinor: Number(row.availableChangeMinor), escrowChangeMinor: Number(row.escrowChangeMinor) }));
}

export interface PaymentStateRow {
  orderId: string;
  /** Still in the user's escrow for the order. */
  heldMinor: number;
  /** Left the escrow for the farm, the platform or the delivery agent (escrow_release). */
  paidMinor: number;
  /** Left the escrow back to the available balance (refund, weight adjustment). */
  refundedMinor: number;
  /** The last movement out of the escrow, or null. */
  settledAt: Date | null;
}

/** Per order: where the money the user paid into escrow for it is now (one query for a page). */
export async function listPaymentStates(db: Db, userId: string, orderIds: string[]): Promise<PaymentStateRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      orderId: sql<string>`${ledgerTransactions.orderId}`,
      heldMinor: sql<string | number>`sum(${ledgerPostings.amountMinor})`,
      paidMinor: sql<string | number>`-sum(case when ${ledgerTransactions.kind} = 'escrow_release' then ${ledgerPostings.amountMinor} else 0 end)`,
      refundedMinor: sql<string | number>`-sum(case when ${ledgerTransactions.kind} in ('refund', 'weight_adjustment') then ${ledgerPostings.amountMinor} else 0 end)`,
      // Epoch milliseconds: the same number on PGlite and node-postgres.
      settledAt: sql<string | number | null>`extract(epoch from max(case when ${ledgerPostings.amountMinor} < 0 then ${ledgerTransactions.createdAt} end)) * 1000`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(and(eq(ledgerAccounts.ownerUserId, userId), eq(ledgerAccounts.kind, 'user_escrow'), inArray(ledgerTransactions.orderId, orderIds)))
    .groupBy(ledgerTransactions.orderId);
  return rows.map((row) => ({
    orderId: row.orderId,
    heldMinor: Number(row.heldMinor),
    paidMinor: Number(row.paidMinor),
    refundedMinor: Number(row.refundedMinor),
    settledAt: row.settledAt === null ? null : new Date(Math.round(Number(row.settledAt))),
  }));
}

/** Claims the (user, key) pair; null when a top-up with that key exists (a concurrent twin waits for ours). */
export async function insertPendingTopUp(
  db: Db,
  values: { userId: string; amountMinor: number; provider: string; idempotencyKey: string; intentId?: string | null; providerReference?: string | null },
): Promise<TopUpRow | null> {
  const [row] = await db
    .insert(topUps)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing({ target: [topUps.userId, topUps.idempotencyKey] })
    .returning();
  return row ?? null;
}

export async function findTopUpByKey(db: Db, userId: string, idempotencyKey: string): Promise<TopUpRow | null> {
  const [row] = await db
    .select()
    .from(topUps)
    .where(and(eq(topUps.userId, userId), eq(topUps.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** The user's own top-up; null when it does not exist or is someone else's. */
export async function findOwnTopUp(db: Db, userId: string, topUpId: string): Promise<TopUpRow | null> {
  const [row] = await db
    .select()
    .from(topUps)
    .where(and(eq(topUps.id, topUpId), eq(topUps.userId, userId)));
  return row ?? null;
}

/** The top-up a payment intent carries, with its state set from the intent's decision. */
export async function settleTopUpOfIntent(
  db: Db,
  intentId: string,
  values: { status: 'succeeded' | 'failed' | 'abandoned'; failureReason: string | null },
): Promise<TopUpRow | null> {
  const [row] = await db.update(topUps).set(values).where(eq(topUps.intentId, intentId)).returning();
  return row ?? null;
}

/** The address the provider's receipt goes to (Paystack requires one to start a payment). */
export async function findUserEmail(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error('top-up for a user that does not exist');
  return row.email;
}
