import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions, topUps, type TopUpRow } from '../../db/schema/ledger';

export interface WalletHistoryRow {
  id: string;
  kind: (typeof ledgerTransactions.$inferSelect)['kind'];
  orderId: string | null;
  memo: string;
  createdAt: Date;
  availableChangeMinor: number;
  escrowChangeMinor: number;
}

/**
 * The user's movements touching their available or escrow account, newest first. Keyset on the
 * transaction id (UUIDv7, ordered by creation time): `beforeId` is the last id of the previous page.
 */
export async function listWalletHistory(db: Db, userId: string, limit: number, beforeId: string | null): Promise<WalletHistoryRow[]> {
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      orderId: ledgerTransactions.orderId,
      memo: ledgerTransactions.memo,
      createdAt: ledgerTransactions.createdAt,
      availableChangeMinor: sql<string | number>`sum(case when ${ledgerAccounts.kind} = 'user_available' then ${ledgerPostings.amountMinor} else 0 end)`,
      escrowChangeMinor: sql<string | number>`sum(case when ${ledgerAccounts.kind} = 'user_escrow' then ${ledgerPostings.amountMinor} else 0 end)`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        eq(ledgerAccounts.ownerUserId, userId),
        inArray(ledgerAccounts.kind, ['user_available', 'user_escrow']),
        beforeId ? lt(ledgerTransactions.id, beforeId) : undefined,
      ),
    )
    .groupBy(ledgerTransactions.id)
    .orderBy(desc(ledgerTransactions.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, availableChangeMinor: Number(row.availableChangeMinor), escrowChangeMinor: Number(row.escrowChangeMinor) }));
}

/** Claims the (user, key) pair; null when a top-up with that key exists (a concurrent twin waits for ours). */
export async function insertPendingTopUp(
  db: Db,
  values: { userId: string; amountMinor: number; provider: string; idempotencyKey: string },
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

export async function settleTopUp(
  db: Db,
  topUpId: string,
  values: { status: 'succeeded' | 'failed'; providerReference: string | null; failureReason: string | null },
): Promise<TopUpRow> {
  const [row] = await db.update(topUps).set(values).where(eq(topUps.id, topUpId)).returning();
  if (!row) throw new Error('top-up disappeared while settling');
  return row;
}
