import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, payouts, type PayoutRow } from '../../db/schema/ledger';
import { agents } from '../../db/schema/agents';
import { sellerApplications } from '../../db/schema/seller-applications';

/** Claims the (user, key) pair; null when a payout with that key exists (a concurrent twin waits for ours). */
export async function insertPendingPayout(
  db: Db,
  values: {
    id: string;
    userId: string;
    amountMinor: number;
    currency: string;
    destination: string;
    provider: string;
    idempotencyKey: string;
    providerReference: string;
  },
): Promise<PayoutRow | null> {
  const [row] = await db
    .insert(payouts)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing({ target: [payouts.userId, payouts.idempotencyKey] })
    .returning();
  return row ?? null;
}

export async function findPayoutByKey(db: Db, userId: string, idempotencyKey: string): Promise<PayoutRow | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), eq(payouts.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function findPayoutById(db: Db, payoutId: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return row ?? null;
}

/** The payout row, locked for the caller's transaction (one decision at a time). */
export async function lockPayout(db: Db, payoutId: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  return row ?? null;
}

export async function updatePayout(
  db: Db,
  payoutId: string,
  values: Partial<Pick<PayoutRow, 'status' | 'failureReason' | 'transferCode' | 'recipientCode' | 'decidedAt'>>,
): Promise<PayoutRow> {
  const [row] = await db.update(payouts).set(values).where(eq(payouts.id, payoutId)).returning();
  if (!row) throw new Error('payout disappeared while updating');
  return row;
}

/** Payouts still pending that were asked for before `before`, oldest first (the sweep's work). */
export async function listPendingPayoutsBefore(db: Db, before: Date, limit: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), lt(payouts.createdAt, before)))
    .orderBy(asc(payouts.createdAt))
    .limit(limit);
}

/** The user's payouts, newest first; keyset on the id (UUIDv7). */
export async function listPayouts(db: Db, userId: string, limit: number, beforeId: string | null): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), beforeId ? lt(payouts.id, beforeId) : undefined))
    .orderBy(desc(payouts.id))
    .limit(limit);
}

/** Locks the user's available-balance account row (created by the caller) for the transaction. */
export async function lockLedgerAccount(db: Db, accountId: string): Promise<void> {
  await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId)).for('update');
}

export interface PayoutDetails {
  method: 'mobile_money' | 'bank' | null;
  accountName: string | null;
  accountNumber: string | null;
  providerName: string | null;
}

/** The payout details of the user's approved seller application, else of their approved agent application, if any. */
export async function findApprovedPayoutDetails(db: Db, userId: string): Promise<PayoutDetails | null> {
  const [seller] = await db
    .select({
      method: sellerApplications.payoutMethod,
      accountName: sellerApplications.payoutAccountName,
      accountNumber: sellerApplications.payoutAccountNumber,
      providerName: sellerApplications.payoutProviderName,
    })
    .from(sellerApplications)
    .where(and(eq(sellerApplications.userId, userId), eq(sellerApplications.status, 'approved')));
  if (seller?.method && seller.accountNumber) return seller;
  const [agent] = await db
    .select({ method: agents.payoutMethod, accountName: agents.payoutAccountName, accountNumber: agents.payoutAccountNumber, providerName: agents.payoutProviderName })
    .from(agents)
    .where(and(eq(agents.userId, userId), eq(agents.status, 'approved')));
  return agent?.method && agent.accountNumber ? agent : (seller ?? null);
}
