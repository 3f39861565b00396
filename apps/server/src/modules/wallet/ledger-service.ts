import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { and, asc, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema/ledger';
import { ConflictError, InvalidError } from '../../errors/domain-errors';

export type UserLedgerAccountKind = 'user_available' | 'user_escrow' | 'user_paid_out' | 'agent_escrow' | 'user_payout_pending';
export type PlatformLedgerAccountKind = 'platform_commission' | 'platform_delivery_fees' | 'provider_clearing' | 'platform_provider_fees';

export type LedgerAccountRef =
  | { ownerUserId: string; kind: UserLedgerAccountKind }
  | { ownerUserId: null; kind: PlatformLedgerAccountKind };

export interface LedgerPostingInput {
  account: LedgerAccountRef;
  /** Signed minor units: positive adds to the account's balance. */
  amountMinor: number;
}

export type LedgerTransactionKind =
  | 'top_up'
  | 'order_payment'
  | 'escrow_release'
  | 'refund'
  | 'weight_adjustment'
  | 'payout'
  | 'tip'
  | 'referral_earning'
  // The payment provider's fee on a charge (issue 24): provider_clearing -> platform_provider_fees.
  | 'provider_fee'
  // A payout's hold (or a reversed payout) back to the available balance (issue 24).
  | 'payout_return'
  | 'platform_discount';

export interface PostLedgerTransactionInput {
  kind: LedgerTransactionKind;
  orderId?: string | null;
  /** Globally unique; the same key again returns the first transaction and posts nothing. */
  idempotencyKey?: string | null;
  memo?: string;
  /** Currency recorded on accounts created by this call (accounts are created lazily). Default USD. */
  currency?: string;
  /**
   * When the movement happened: the clock of the step that causes it (an order action given its own
   * time, as the demo's history and the order timers do). Default: the database's clock. The wallet
   * history and the charts sort and group by this time, so it must be the time the entry tells of.
   */
  at?: Date | undefined;
  postings: LedgerPostingInput[];
}

export const INSUFFICIENT_FUNDS_MESSAGE = contractMessage(msg`Your wallet balance is too low for this payment. Top up your wallet and try again.`);

/** A user account would go below zero. 409 with the wallet message. */
export class InsufficientFundsError extends ConflictError {
  constructor(message = INSUFFICIENT_FUNDS_MESSAGE) {
    super(message);
  }
}

const USER_KINDS: ReadonlySet<string> = new Set<UserLedgerAccountKind>(['user_available', 'user_escrow', 'user_paid_out', 'agent_escrow', 'user_payout_pending']);

function isUserAccount(ref: LedgerAccountRef): ref is Extract<LedgerAccountRef, { ownerUserId: string }> {
  return ref.ownerUserId !== null && USER_KINDS.has(ref.kind);
}

function refKey(ref: LedgerAccountRef): string {
  return `${ref.ownerUserId ?? '-'}:${ref.kind}`;
}

/** The account's id, creating it on first use (concurrent creators agree on one row). */
export async function ensureLedgerAccount(db: Db, ref: LedgerAccountRef, currency = 'USD'): Promise<string> {
  const ownerCondition = ref.ownerUserId === null ? isNull(ledgerAccounts.ownerUserId) : eq(ledgerAccounts.ownerUserId, ref.ownerUserId);
  const [existing] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(ownerCondition, eq(ledgerAccounts.kind, ref.kind)));
  if (existing) return existing.id;
  const inserted =
    ref.ownerUserId === null
      ? await db
          .insert(ledgerAccounts)
          .values({ ownerUserId: null, kind: ref.kind, currency })
          .onConflictDoNothing({ target: ledgerAccounts.kind, where: sql`owner_user_id is null` })
          .returning({ id: ledgerAccounts.id })
      : await db
          .insert(ledgerAccounts)
          .values({ ownerUserId: ref.ownerUserId, kind: ref.kind, currency })
          .onConflictDoNothing({ target: [ledgerAccounts.ownerUserId, ledgerAccounts.kind], where: sql`owner_user_id is not null` })
          .returning({ id: ledgerAccounts.id });
  if (inserted[0]) return inserted[0].id;
  const [again] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(ownerCondition, eq(ledgerAccounts.kind, ref.kind)));
  if (!again) throw new Error(`ledger account ${refKey(ref)} could not be created`);
  return again.id;
}

async function findTransactionByKey(db: Db, idempotencyKey: string): Promise<string | null> {
  const [row] = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return row?.id ?? null;
}

async function accountBalance(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ total: sum(ledgerPostings.amountMinor) }).from(ledgerPostings).where(eq(ledgerPostings.accountId, accountId));
  return Number(row?.total ?? 0);
}

function validatePostings(postings: LedgerPostingInput[]): void {
  if (postings.length < 2) throw new InvalidError(msg`A ledger transaction needs at least two postings.`);
  let total = 0;
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amountMinor) || posting.amountMinor === 0) {
      throw new InvalidError(msg`Every ledger posting must be a non-zero whole number of minor units.`);
    }
    total += posting.amountMinor;
  }
  if (total !== 0) throw new InvalidError(msg`The postings of a ledger transaction must sum to zero.`);
}

/**
 * Posts one balanced movement. Runs in a savepoint of the caller's transaction (or its own
 * transaction when given the plain handle), so a refusal leaves nothing behind.
 *
 * Concurrency: the touched user accounts are locked with SELECT ... FOR UPDATE in id order (no
 * deadlock between two movements over the same accounts), then the balances are read; with READ
 * COMMITTED each statement sees what the previous lock holder committed, so two spends of one
 * balance never both pass. Platform accounts are not locked (they may go negative by design:
 * provider_clearing mirrors money held at the provider).
 */
export async function postLedgerTransaction(db: Db, input: PostLedgerTransactionInput): Promise<{ transactionId: string; replayed: boolean }> {
  validatePostings(input.postings);
  const idempotencyKey = input.idempotencyKey ?? null;
  if (idempotencyKey !== null) {
    const existing = await findTransactionByKey(db, idempotencyKey);
    if (existing) return { transactionId: existing, replayed: true };
  }

  return db.transaction(async (tx) => {
    // Net change per account, and the account ids (created on first use).
    const netByKey = new Map<string, { ref: LedgerAccountRef; amount: number }>();
    for (const posting of input.postings) {
      const key = refKey(posting.account);
      const entry = netByKey.get(key) ?? { ref: posting.account, amount: 0 };
      entry.amount += posting.amountMinor;
      netByKey.set(key, entry);
    }
    const accountIds = new Map<string, string>();
    for (const [key, entry] of netByKey) accountIds.set(key, await ensureLedgerAccount(tx, entry.ref, input.currency));

    const userAccountIds = [...netByKey.entries()]
      .filter(([, entry]) => isUserAccount(entry.ref))
      .map(([key]) => accountIds.get(key) as string)
      .sort();
    if (userAccountIds.length > 0) {
      await tx
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, userAccountIds))
        .orderBy(asc(ledgerAccounts.id))
        .for('update');
    }

    // The transaction row claims the idempotency key; a concurrent twin waits here for us.
    const inserted = await tx
      .insert(ledgerTransactions)
      .values({ kind: input.kind, orderId: input.orderId ?? null, idempotencyKey, memo: input.memo ?? '', ...(input.at ? { createdAt: input.at } : {}) })
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id });
    const transaction = inserted[0];
    if (!transaction) {
      const existing = idempotencyKey === null ? null : await findTransactionByKey(tx, idempotencyKey);
      if (!existing) throw new Error('ledger transaction key conflict without a row');
      return { transactionId: existing, replayed: true };
    }

    for (const [key, entry] of netByKey) {
      if (!isUserAccount(entry.ref) || entry.amount >= 0) continue;
      const balance = await accountBalance(tx, accountIds.get(key) as string);
      if (balance + entry.amount < 0) throw new InsufficientFundsError();
    }

    await tx.insert(ledgerPostings).values(
      input.postings.map((posting) => ({
        transactionId: transaction.id,
        accountId: accountIds.get(refKey(posting.account)) as string,
        amountMinor: posting.amountMinor,
        ...(input.at ? { createdAt: input.at } : {}),
      })),
    );
    return { transactionId: transaction.id, replayed: false };
  });
}

export interface WalletBalances {
  availableMinor: number;
  escrowMinor: number;
  paidOutMinor: number;
  /** A delivery agent's fees of delivered orders, held until those orders complete. */
  agentEscrowMinor: number;
  /** Payouts sent to the provider and not settled yet: no longer available, not paid out either. */
  payoutPendingMinor: number;
}

/** Sums of the user's postings per account kind (accounts that do not exist yet are 0). */
export async function getWalletBalances(db: Db, userId: string): Promise<WalletBalances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, total: sql<string | number | null>`coalesce(sum(${ledgerPostings.amountMinor}), 0)` })
    .from(ledgerAccounts)
    .leftJoin(ledgerPostings, eq(ledgerPostings.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.ownerUserId, userId))
    .groupBy(ledgerAccounts.kind);
  const balances: WalletBalances = { availableMinor: 0, escrowMinor: 0, paidOutMinor: 0, agentEscrowMinor: 0, payoutPendingMinor: 0 };
  for (const row of rows) {
    const total = Number(row.total ?? 0);
    if (row.kind === 'user_available') balances.availableMinor = total;
    else if (row.kind === 'user_escrow') balances.escrowMinor = total;
    else if (row.kind === 'user_paid_out') balances.paidOutMinor = total;
    else if (row.kind === 'agent_escrow') balances.agentEscrowMinor = total;
    else if (row.kind === 'user_payout_pending') balances.payoutPendingMinor = total;
  }
  return balances;
}
