import { and, asc, eq, gte, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema/ledger';
import { orders, type OrderRow } from '../../db/schema/orders';
import { products, type ProductRow } from '../../db/schema/products';

type OrderStatus = OrderRow['status'];

/** Calendar day (YYYY-MM-DD) of a timestamptz column, shifted by the viewer's UTC offset. */
function daySql(column: typeof orders.paidAt | typeof ledgerTransactions.createdAt, offsetMinutes: number) {
  return sql<string>`to_char((${column} at time zone 'UTC') + make_interval(mins => ${offsetMinutes}::int), 'YYYY-MM-DD')`;
}

export interface DayAmount {
  date: string;
  amountMinor: number;
  count: number;
}

/** Sales per payment day since `since`: totals less what went back, of orders in `statuses`. */
export async function salesByDay(db: Db, sellerUserId: string, statuses: readonly OrderStatus[], since: Date, offsetMinutes: number): Promise<DayAmount[]> {
  const day = daySql(orders.paidAt, offsetMinutes);
  const rows = await db
    .select({
      date: day,
      amount: sql<string | number>`coalesce(sum(${orders.totalMinor} - ${orders.refundedMinor}), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(and(eq(orders.sellerUserId, sellerUserId), inArray(orders.status, [...statuses]), gte(orders.paidAt, since)))
    // By position: the day expression carries a parameter, so a repeated expression would not match.
    .groupBy(sql`1`);
  return rows.map((row) => ({ date: row.date, amountMinor: Number(row.amount), count: Number(row.count) }));
}

export interface LowStockRow {
  id: string;
  title: string;
  unit: ProductRow['unit'];
  status: ProductRow['status'];
  available: number;
  minOrderQuantity: number;
  threshold: number;
}

const availableSql = sql<number>`(${products.stockQuantity} - ${products.reservedQuantity})`;
const thresholdSql = sql<number>`greatest(5, ${products.minOrderQuantity})`;

/** Active products of the seller with available <= max(5, min order), lowest first. */
export async function listLowStock(db: Db, sellerUserId: string, limit: number): Promise<{ rows: LowStockRow[]; count: number }> {
  const condition = and(eq(products.sellerUserId, sellerUserId), eq(products.status, 'active'), sql`${availableSql} <= ${thresholdSql}`);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: products.id,
        title: products.title,
        unit: products.unit,
        status: products.status,
        available: availableSql,
        minOrderQuantity: products.minOrderQuantity,
        threshold: thresholdSql,
      })
      .from(products)
      .where(condition)
      .orderBy(asc(availableSql), asc(products.title), asc(products.id))
      .limit(limit),
    db.select({ count: sql<number>`count(*)::int` }).from(products).where(condition),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, available: Number(row.available), threshold: Number(row.threshold) })),
    count: Number(counted[0]?.count ?? 0),
  };
}

/** Money amounts of the seller's orders in `statuses` (the escrow that will be released to them). */
export async function listOrderAmounts(
  db: Db,
  sellerUserId: string,
  statuses: readonly OrderStatus[],
): Promise<Array<{ subtotalMinor: number; deliveryFeeMinor: number; totalMinor: number; refundedMinor: number }>> {
  return db
    .select({ subtotalMinor: orders.subtotalMinor, deliveryFeeMinor: orders.deliveryFeeMinor, totalMinor: orders.totalMinor, refundedMinor: orders.refundedMinor })
    .from(orders)
    .where(and(eq(orders.sellerUserId, sellerUserId), inArray(orders.status, [...statuses])));
}

/**
 * Per day since `since`: what ledger movements of `kind` added to the user's `accountKind` account
 * (escrow_release into available = earnings released; payout into paid_out = paid out).
 */
export async function ledgerInflowByDay(
  db: Db,
  userId: string,
  kind: 'escrow_release' | 'payout',
  accountKind: 'user_available' | 'user_paid_out',
  since: Date,
  offsetMinutes: number,
  /** Only transactions whose idempotency key starts so (an agent's fee releases: `order-agent-fee-release:`). */
  keyPrefix?: string,
): Promise<DayAmount[]> {
  const day = daySql(ledgerTransactions.createdAt, offsetMinutes);
  const rows = await db
    .select({ date: day, amount: sql<string | number>`coalesce(sum(${ledgerPostings.amountMinor}), 0)`, count: sql<number>`count(*)::int` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        eq(ledgerAccounts.ownerUserId, userId),
        eq(ledgerAccounts.kind, accountKind),
        eq(ledgerTransactions.kind, kind),
        gte(ledgerTransactions.createdAt, since),
        keyPrefix === undefined ? undefined : like(ledgerTransactions.idempotencyKey, `${keyPrefix}%`),
      ),
    )
    // By position: the day expression carries a parameter, so a repeated expression would not match.
    .groupBy(sql`1`);
  return rows.map((row) => ({ date: row.date, amountMinor: Number(row.amount), count: Number(row.count) }));
}
