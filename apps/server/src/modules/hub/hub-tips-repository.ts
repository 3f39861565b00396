import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { hubPosts, hubTips, type HubTipRow } from '../../db/schema/hub';
import { ledgerTransactions } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import type { HubAuthorRecord } from './hub-json';

/** The tip a ledger idempotency key paid, if any (a retried request finds its first answer here). */
export async function findTipByLedgerKey(db: Db, ledgerKey: string): Promise<HubTipRow | null> {
  const [row] = await db
    .select({ tip: hubTips })
    .from(hubTips)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, hubTips.ledgerTransactionId))
    .where(eq(ledgerTransactions.idempotencyKey, ledgerKey));
  return row?.tip ?? null;
}

export async function findTipByLedgerTransaction(db: Db, ledgerTransactionId: string): Promise<HubTipRow | null> {
  const [row] = await db.select().from(hubTips).where(eq(hubTips.ledgerTransactionId, ledgerTransactionId));
  return row ?? null;
}

export async function insertTip(
  db: Db,
  values: { postId: string; tipperUserId: string; authorUserId: string; amountMinor: number; ledgerTransactionId: string },
): Promise<HubTipRow> {
  const [row] = await db.insert(hubTips).values(values).returning();
  if (!row) throw new Error('Insert into hub_tips returned no row');
  return row;
}

/**
 * Adds the tip to the post's total (same transaction as the tip row) while the post is still up;
 * null when it was hidden or deleted meanwhile (the caller rolls the tip back).
 */
export async function addToTipTotal(db: Db, postId: string, amountMinor: number): Promise<number | null> {
  const [row] = await db
    .update(hubPosts)
    .set({ tipTotalMinor: sql`${hubPosts.tipTotalMinor} + ${amountMinor}` })
    .where(and(eq(hubPosts.id, postId), isNull(hubPosts.hiddenAt), isNull(hubPosts.deletedAt)))
    .returning({ tipTotalMinor: hubPosts.tipTotalMinor });
  return row ? Number(row.tipTotalMinor) : null;
}

/** Who tipped whom, per ledger transaction: the wallet history words a tip from each side's view. */
export async function findTipPartiesByLedgerTransactions(
  db: Db,
  ledgerTransactionIds: string[],
): Promise<Map<string, { tipperUsername: string; authorUsername: string }>> {
  if (ledgerTransactionIds.length === 0) return new Map();
  const tipper = alias(users, 'tipper');
  const author = alias(users, 'author');
  const rows = await db
    .select({ ledgerTransactionId: hubTips.ledgerTransactionId, tipperUsername: tipper.username, authorUsername: author.username })
    .from(hubTips)
    .innerJoin(tipper, eq(tipper.id, hubTips.tipperUserId))
    .innerJoin(author, eq(author.id, hubTips.authorUserId))
    .where(inArray(hubTips.ledgerTransactionId, ledgerTransactionIds));
  return new Map(rows.map((row) => [row.ledgerTransactionId, { tipperUsername: row.tipperUsername, authorUsername: row.authorUsername }]));
}

export async function findTipTotal(db: Db, postId: string): Promise<number> {
  const [row] = await db.select({ tipTotalMinor: hubPosts.tipTotalMinor }).from(hubPosts).where(eq(hubPosts.id, postId));
  return Number(row?.tipTotalMinor ?? 0);
}

export interface PostTipListRow {
  id: string;
  amountMinor: number;
  createdAt: Date;
  tipper: HubAuthorRecord;
}

/** The post's tips with their tippers, newest first. */
export async function listPostTips(db: Db, postId: string, limit: number): Promise<PostTipListRow[]> {
  return db
    .select({
      id: hubTips.id,
      amountMinor: hubTips.amountMinor,
      createdAt: hubTips.createdAt,
      tipper: {
        id: users.id,
        username: users.username,
        profilePictureUrl: users.profilePictureUrl,
        profession: users.profession,
        isLegacyCreator: users.isLegacyCreator,
      },
    })
    .from(hubTips)
    .innerJoin(users, eq(users.id, hubTips.tipperUserId))
    .where(eq(hubTips.postId, postId))
    .orderBy(desc(hubTips.createdAt), desc(hubTips.id))
    .limit(limit);
}

