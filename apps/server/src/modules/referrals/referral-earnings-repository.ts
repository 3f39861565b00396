import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TReferralSide } from '@pulse/contract/referrals';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { referralAttributions, referralEarnings, referralVisits, type ReferralAttributionRow, type ReferralEarningRow } from '../../db/schema/referrals';
import { sellerApplications } from '../../db/schema/seller-applications';
import { users } from '../../db/schema/users';

/* ------------------------------------------------------------ the order's side */

/**
 * The attributions that earn on an order paid at `now`: the buyer's (side buyer) and the farm's
 * (side farm), not voided and still inside their window. Buyer side first.
 */
export async function findEarningAttributions(db: Db, buyerUserId: string, sellerUserId: string, now: Date): Promise<ReferralAttributionRow[]> {
  const rows = await db
    .select()
    .from(referralAttributions)
    .where(
      and(
        or(
          and(eq(referralAttributions.referredUserId, buyerUserId), eq(referralAttributions.side, 'buyer')),
          and(eq(referralAttributions.referredUserId, sellerUserId), eq(referralAttributions.side, 'farm')),
        ),
        isNull(referralAttributions.voidedAt),
        gt(referralAttributions.earnsUntil, now),
      ),
    );
  return rows.sort((a, b) => (a.side === b.side ? 0 : a.side === 'buyer' ? -1 : 1));
}

/** A pending earning; nothing when the agent already earns on this order (one earning per order and agent). */
export async function insertPendingEarning(
  db: Db,
  values: { attributionId: string; agentUserId: string; orderId: string; side: TReferralSide; commissionMinor: number; amountMinor: number; createdAt: Date },
): Promise<ReferralEarningRow | null> {
  const [row] = await db
    .insert(referralEarnings)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing({ target: [referralEarnings.orderId, referralEarnings.agentUserId] })
    .returning();
  return row ?? null;
}

/**
 * The order's pending earnings, locked, with whether their attribution is void. Locks the
 * attributions first, then the earnings: the same order as an admin's void (attribution, then its
 * earnings), so the two never wait on each other in a cycle.
 */
export async function lockPendingEarningsOfOrder(db: Db, orderId: string): Promise<Array<ReferralEarningRow & { attributionVoided: boolean }>> {
  const candidates = await db
    .select({ attributionId: referralEarnings.attributionId })
    .from(referralEarnings)
    .where(and(eq(referralEarnings.orderId, orderId), eq(referralEarnings.status, 'pending')));
  if (candidates.length === 0) return [];
  const attributionIds = [...new Set(candidates.map((row) => row.attributionId))].sort();
  const attributions = await db
    .select({ id: referralAttributions.id, voidedAt: referralAttributions.voidedAt })
    .from(referralAttributions)
    .where(inArray(referralAttributions.id, attributionIds))
    .orderBy(asc(referralAttributions.id))
    .for('update');
  const voided = new Map(attributions.map((row) => [row.id, row.voidedAt !== null]));
  const earnings = await db
    .select()
    .from(referralEarnings)
    .where(and(eq(referralEarnings.orderId, orderId), eq(referralEarnings.status, 'pending')))
    .orderBy(asc(referralEarnings.id))
    .for('update');
  return earnings.map((row) => ({ ...row, attributionVoided: voided.get(row.attributionId) ?? false }));
}

export async function updateEarning(
  db: Db,
  id: string,
  values: Partial<Pick<ReferralEarningRow, 'status' | 'commissionMinor' | 'amountMinor' | 'ledgerTransactionId' | 'settledAt'>>,
): Promise<void> {
  await db.update(referralEarnings).set(values).where(eq(referralEarnings.id, id));
}

/** Pending earnings of an order -> reversed; returns how many. */
export async function reversePendingOfOrder(db: Db, orderId: string, now: Date): Promise<number> {
  const rows = await db
    .update(referralEarnings)
    .set({ status: 'reversed', settledAt: now })
    .where(and(eq(referralEarnings.orderId, orderId), eq(referralEarnings.status, 'pending')))
    .returning({ id: referralEarnings.id });
  return rows.length;
}

/** Pending earnings of an attribution -> reversed; returns how many. */
export async function reversePendingOfAttribution(db: Db, attributionId: string, now: Date): Promise<number> {
  const rows = await db
    .update(referralEarnings)
    .set({ status: 'reversed', settledAt: now })
    .where(and(eq(referralEarnings.attributionId, attributionId), eq(referralEarnings.status, 'pending')))
    .returning({ id: referralEarnings.id });
  return rows.length;
}

/* ------------------------------------------------------------ the agent's figures */

function sumWhere(status: 'available' | 'pending') {
  return sql<string | number>`coalesce(sum(${referralEarnings.amountMinor}) filter (where ${referralEarnings.status} = ${status}), 0)`;
}

/** Sum of the agent's available and pending earnings. */
export async function earningTotals(db: Db, agentUserId: string): Promise<{ earnedMinor: number; pendingMinor: number }> {
  const [row] = await db
    .select({ earned: sumWhere('available'), pending: sumWhere('pending') })
    .from(referralEarnings)
    .where(eq(referralEarnings.agentUserId, agentUserId));
  return { earnedMinor: Number(row?.earned ?? 0), pendingMinor: Number(row?.pending ?? 0) };
}

/** Available earnings per day of settlement since `since`, days in the viewer's offset. */
export async function earnedByDay(db: Db, agentUserId: string, since: Date, offsetMinutes: number): Promise<Array<{ date: string; amountMinor: number; count: number }>> {
  const day = sql<string>`to_char((${referralEarnings.settledAt} at time zone 'UTC') + make_interval(mins => ${offsetMinutes}::int), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, amount: sql<string | number>`coalesce(sum(${referralEarnings.amountMinor}), 0)`, count: sql<number>`count(*)::int` })
    .from(referralEarnings)
    .where(and(eq(referralEarnings.agentUserId, agentUserId), eq(referralEarnings.status, 'available'), sql`${referralEarnings.settledAt} >= ${since}`))
    // By position: the day expression carries a parameter, so a repeated expression would not match.
    .groupBy(sql`1`);
  return rows.map((row) => ({ date: row.date, amountMinor: Number(row.amount), count: Number(row.count) }));
}

/** A referred person's paid orders on their side since the attribution (buyer: as buyer; farm: as seller). */
function sideOrdersCondition() {
  return sql`(case when ${referralAttributions.side} = 'buyer' then ${orders.buyerUserId} else ${orders.sellerUserId} end) = ${referralAttributions.referredUserId}
    and ${orders.paidAt} is not null and ${orders.paidAt} >= ${referralAttributions.createdAt}`;
}

/** The funnel: counted visits, non-void sign-ups (buyer side) and farms, and those of them with a paid order. */
export async function funnelCounts(db: Db, agentUserId: string): Promise<{ visits: number; signUps: number; farms: number; firstOrders: number }> {
  const [visits] = await db.select({ count: sql<number>`count(*)::int` }).from(referralVisits).where(eq(referralVisits.agentUserId, agentUserId));
  const [counts] = await db
    .select({
      signUps: sql<number>`count(*) filter (where ${referralAttributions.side} = 'buyer')::int`,
      farms: sql<number>`count(*) filter (where ${referralAttributions.side} = 'farm')::int`,
      firstOrders: sql<number>`count(*) filter (where exists (select 1 from ${orders} where ${sideOrdersCondition()}))::int`,
    })
    .from(referralAttributions)
    .where(and(eq(referralAttributions.agentUserId, agentUserId), isNull(referralAttributions.voidedAt)));
  return {
    visits: Number(visits?.count ?? 0),
    signUps: Number(counts?.signUps ?? 0),
    farms: Number(counts?.farms ?? 0),
    firstOrders: Number(counts?.firstOrders ?? 0),
  };
}

/** created_at in UTC with microseconds, exact enough to continue a page from (see admin/keyset-cursor). */
function cursorAtOf(column: typeof referralAttributions.createdAt | typeof referralEarnings.createdAt) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

function before(
  table: { createdAt: typeof referralAttributions.createdAt; id: typeof referralAttributions.id } | { createdAt: typeof referralEarnings.createdAt; id: typeof referralEarnings.id },
  after: { at: string; id: string } | null,
) {
  if (!after) return undefined;
  const at = sql`${after.at}::timestamptz`;
  return or(sql`${table.createdAt} < ${at}`, and(sql`${table.createdAt} = ${at}`, lt(table.id, after.id)));
}

export interface ReferredPersonRecord {
  attribution: ReferralAttributionRow;
  username: string;
  profilePictureUrl: string | null;
  farmName: string | null;
  firstOrderAt: Date | null;
  orderCount: number;
  earnedMinor: number;
  pendingMinor: number;
  cursorAt: string;
}

/** The agent's attributions, newest first, keyset on (created_at, id). */
export async function listReferredPeople(db: Db, agentUserId: string, limit: number, after: { at: string; id: string } | null): Promise<ReferredPersonRecord[]> {
  const rows = await db
    .select({
      attribution: referralAttributions,
      username: users.username,
      profilePictureUrl: users.profilePictureUrl,
      farmName: sql<string | null>`case when ${referralAttributions.side} = 'farm' then ${sellerApplications.businessName} else null end`,
      firstOrderAt: sql<string | Date | null>`(select min(${orders.paidAt}) from ${orders} where ${sideOrdersCondition()})`,
      orderCount: sql<number>`(select count(*)::int from ${orders} where ${sideOrdersCondition()})`,
      earned: sql<string | number>`(select coalesce(sum(e.amount_minor), 0) from referral_earnings e where e.attribution_id = ${referralAttributions.id} and e.status = 'available')`,
      pending: sql<string | number>`(select coalesce(sum(e.amount_minor), 0) from referral_earnings e where e.attribution_id = ${referralAttributions.id} and e.status = 'pending')`,
      cursorAt: cursorAtOf(referralAttributions.createdAt),
    })
    .from(referralAttributions)
    .innerJoin(users, eq(users.id, referralAttributions.referredUserId))
    .leftJoin(sellerApplications, eq(sellerApplications.userId, referralAttributions.referredUserId))
    .where(and(eq(referralAttributions.agentUserId, agentUserId), before(referralAttributions, after)))
    .orderBy(desc(referralAttributions.createdAt), desc(referralAttributions.id))
    .limit(limit);
  return rows.map((row) => ({
    attribution: row.attribution,
    username: row.username,
    profilePictureUrl: row.profilePictureUrl,
    farmName: row.farmName,
    firstOrderAt: row.firstOrderAt === null ? null : new Date(row.firstOrderAt),
    orderCount: Number(row.orderCount),
    earnedMinor: Number(row.earned),
    pendingMinor: Number(row.pending),
    cursorAt: row.cursorAt,
  }));
}

export interface EarningRecord {
  earning: ReferralEarningRow;
  referredUsername: string;
  cursorAt: string;
}

/** The agent's earnings, newest first, keyset on (created_at, id). */
export async function listEarnings(db: Db, agentUserId: string, limit: number, after: { at: string; id: string } | null): Promise<EarningRecord[]> {
  return db
    .select({ earning: referralEarnings, referredUsername: users.username, cursorAt: cursorAtOf(referralEarnings.createdAt) })
    .from(referralEarnings)
    .innerJoin(referralAttributions, eq(referralAttributions.id, referralEarnings.attributionId))
    .innerJoin(users, eq(users.id, referralAttributions.referredUserId))
    .where(and(eq(referralEarnings.agentUserId, agentUserId), before(referralEarnings, after)))
    .orderBy(desc(referralEarnings.createdAt), desc(referralEarnings.id))
    .limit(limit);
}

/** For the wallet history: the order and the referred person of each referral_earning ledger transaction. */
export async function findEarningsByLedgerTransactions(db: Db, transactionIds: string[]): Promise<Map<string, { orderId: string; referredUsername: string }>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await db
    .select({ transactionId: referralEarnings.ledgerTransactionId, orderId: referralEarnings.orderId, referredUsername: users.username })
    .from(referralEarnings)
    .innerJoin(referralAttributions, eq(referralAttributions.id, referralEarnings.attributionId))
    .innerJoin(users, eq(users.id, referralAttributions.referredUserId))
    .where(inArray(referralEarnings.ledgerTransactionId, transactionIds));
  return new Map(rows.flatMap((row) => (row.transactionId ? [[row.transactionId, { orderId: row.orderId, referredUsername: row.referredUsername }] as const] : [])));
}
