import { sql, type SQL } from 'drizzle-orm';
import type { TLedgerTransactionKind } from '@pulse/contract/wallet';
import type { Db } from '../../db/client';

/**
 * Reads for the books (issue 27): pages of export rows by keyset, and the ledger figures of
 * receipts and statements. Raw SQL: every page is one query with the same shape on PGlite and
 * node-postgres (times as epoch milliseconds, amounts as numbers).
 */

type RawRow = Record<string, unknown>;

async function rowsOf(db: Db, query: SQL): Promise<RawRow[]> {
  return ((await db.execute(query)) as unknown as { rows: RawRow[] }).rows;
}

const num = (value: unknown): number => Number(value ?? 0);
const time = (value: unknown): Date => new Date(Math.round(Number(value)));
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * A keyset position: the time of the last row, in whole microseconds since the epoch as PostgreSQL
 * keeps it (a JavaScript Date has milliseconds only: a cursor rounded to them read again the rows
 * of the same millisecond, 200 lines twice in 20,000 on PostgreSQL), and its id.
 */
export interface PageKey {
  atMicros: string;
  id: string;
}

/** The column's time as the cursor keeps it. */
const micros = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint`;

/** Rows after the cursor in (time, id) order, compared exactly to the microsecond. */
const afterKey = (column: SQL, idColumn: SQL, after: PageKey | null) =>
  after === null ? sql`` : sql`and (${column}, ${idColumn}) > (timestamptz 'epoch' + ${after.atMicros}::bigint * interval '1 microsecond', ${after.id}::uuid)`;

/** The half-open window [from, until) in UTC. */
export interface TimeWindow {
  from: Date;
  until: Date;
}

export interface OrderLineRow {
  key: PageKey;
  orderId: string;
  orderCreatedAt: Date;
  status: string;
  currency: string;
  buyerName: string;
  shopName: string;
  title: string;
  quantity: number;
  finalQuantityMilli: number | null;
  unit: string;
  unitPriceMinor: number;
  lineTotalMinor: number;
  /** The order's first line carries the order's figures (a column sum is the period's total). */
  firstLine: boolean;
  deliveryFeeMinor: number;
  refundedMinor: number;
  /** Ledger: the platform's commission on this order (0 until the order completes). */
  commissionMinor: number;
  /** Ledger: what reached the farm's available balance for this order (null until it completes). */
  netMinor: number | null;
}

const shopNameOf = (sellerColumn: SQL) => sql`coalesce(
  (select sp.shop_name from seller_profiles sp where sp.user_id = ${sellerColumn}),
  (select sa.business_name from seller_applications sa where sa.user_id = ${sellerColumn} and sa.status = 'approved' limit 1),
  (select su.username from users su where su.id = ${sellerColumn}))`;

/**
 * One page of order lines (orders created in the window), oldest first, keyset on (order time,
 * line id). `sellerUserId` null: every farm's (admins). Commission and net come from the ledger
 * postings of the order's completion.
 */
export async function orderLinesPage(db: Db, sellerUserId: string | null, window: TimeWindow, after: PageKey | null, limit: number): Promise<OrderLineRow[]> {
  const rows = await rowsOf(
    db,
    sql`select i.id as item_id, o.id as order_id, extract(epoch from o.created_at) * 1000 as order_ms, ${micros(sql`o.created_at`)} as key_us, o.status, o.currency,
          bu.username as buyer_name, ${shopNameOf(sql`o.seller_user_id`)} as shop_name,
          i.title, i.quantity, i.final_quantity_milli, i.unit, i.unit_price_minor, i.line_total_minor,
          (i.id = (select first.id from order_items first where first.order_id = o.id order by first.created_at, first.id limit 1)) as first_line,
          o.delivery_fee_minor, o.refunded_minor,
          (select coalesce(sum(p.amount_minor), 0) from ledger_transactions t join ledger_postings p on p.transaction_id = t.id
             join ledger_accounts a on a.id = p.account_id
             where t.order_id = o.id and t.kind = 'escrow_release' and a.owner_user_id is null and a.kind = 'platform_commission') as commission_minor,
          (select sum(p.amount_minor) from ledger_transactions t join ledger_postings p on p.transaction_id = t.id
             join ledger_accounts a on a.id = p.account_id
             where t.order_id = o.id and t.kind = 'escrow_release' and a.owner_user_id = o.seller_user_id and a.kind = 'user_available') as net_minor
        from order_items i
        join orders o on o.id = i.order_id
        join users bu on bu.id = o.buyer_user_id
        where o.created_at >= ${window.from.toISOString()}::timestamptz and o.created_at < ${window.until.toISOString()}::timestamptz
          ${sellerUserId === null ? sql`` : sql`and o.seller_user_id = ${sellerUserId}::uuid`}
          ${afterKey(sql`o.created_at`, sql`i.id`, after)}
        order by o.created_at, i.id
        limit ${limit}`,
  );
  return rows.map((row) => ({
    key: { atMicros: text(row.key_us), id: text(row.item_id) },
    orderId: text(row.order_id),
    orderCreatedAt: time(row.order_ms),
    status: text(row.status),
    currency: text(row.currency),
    buyerName: text(row.buyer_name),
    shopName: text(row.shop_name),
    title: text(row.title),
    quantity: num(row.quantity),
    finalQuantityMilli: row.final_quantity_milli === null ? null : num(row.final_quantity_milli),
    unit: text(row.unit),
    unitPriceMinor: num(row.unit_price_minor),
    lineTotalMinor: num(row.line_total_minor),
    firstLine: row.first_line === true || row.first_line === 't',
    deliveryFeeMinor: num(row.delivery_fee_minor),
    refundedMinor: num(row.refunded_minor),
    commissionMinor: num(row.commission_minor),
    netMinor: row.net_minor === null || row.net_minor === undefined ? null : num(row.net_minor),
  }));
}

export interface WalletLineRow {
  key: PageKey;
  id: string;
  kind: TLedgerTransactionKind;
  orderId: string | null;
  memo: string;
  createdAt: Date;
  availableChangeMinor: number;
  escrowChangeMinor: number;
}

/**
 * One page of the user's wallet history in the window, oldest first: the same lines as
 * GET /api/wallet/history (movements of the available or escrow account; money leaving the escrow
 * for the farm is the payment's state there, not a line), keyset on (time, transaction id).
 */
export async function walletLinesPage(db: Db, userId: string, window: TimeWindow, after: PageKey | null, limit: number): Promise<WalletLineRow[]> {
  const rows = await rowsOf(
    db,
    sql`select t.id, t.kind, t.order_id, t.memo, extract(epoch from t.created_at) * 1000 as at_ms, ${micros(sql`t.created_at`)} as key_us,
          sum(case when a.kind = 'user_available' then p.amount_minor else 0 end) as available_change,
          sum(case when a.kind = 'user_escrow' then p.amount_minor else 0 end) as escrow_change
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_transactions t on t.id = p.transaction_id
        where a.owner_user_id = ${userId}::uuid and a.kind in ('user_available', 'user_escrow')
          and t.created_at >= ${window.from.toISOString()}::timestamptz and t.created_at < ${window.until.toISOString()}::timestamptz
          ${afterKey(sql`t.created_at`, sql`t.id`, after)}
        group by t.id
        having not (sum(case when a.kind = 'user_available' then p.amount_minor else 0 end) = 0 and sum(case when a.kind = 'user_escrow' then p.amount_minor else 0 end) < 0)
        order by t.created_at, t.id
        limit ${limit}`,
  );
  return rows.map((row) => ({
    key: { atMicros: text(row.key_us), id: text(row.id) },
    id: text(row.id),
    kind: text(row.kind) as TLedgerTransactionKind,
    orderId: row.order_id === null ? null : text(row.order_id),
    memo: text(row.memo),
    createdAt: time(row.at_ms),
    availableChangeMinor: num(row.available_change),
    escrowChangeMinor: num(row.escrow_change),
  }));
}

export interface PayoutLineRow {
  key: PageKey;
  id: string;
  createdAt: Date;
  username: string;
  shopName: string;
  amountMinor: number;
  currency: string;
  destination: string;
  status: string;
  provider: string;
  providerReference: string;
  decidedAt: Date | null;
}

/** One page of payouts requested in the window (one user's, or everyone's for admins), oldest first. */
export async function payoutLinesPage(db: Db, userId: string | null, window: TimeWindow, after: PageKey | null, limit: number): Promise<PayoutLineRow[]> {
  const rows = await rowsOf(
    db,
    sql`select po.id, extract(epoch from po.created_at) * 1000 as at_ms, ${micros(sql`po.created_at`)} as key_us, u.username, ${shopNameOf(sql`po.user_id`)} as shop_name,
          po.amount_minor, po.currency, po.destination, po.status, po.provider, po.provider_reference,
          extract(epoch from po.decided_at) * 1000 as decided_ms
        from payouts po join users u on u.id = po.user_id
        where po.created_at >= ${window.from.toISOString()}::timestamptz and po.created_at < ${window.until.toISOString()}::timestamptz
          ${userId === null ? sql`` : sql`and po.user_id = ${userId}::uuid`}
          ${afterKey(sql`po.created_at`, sql`po.id`, after)}
        order by po.created_at, po.id
        limit ${limit}`,
  );
  return rows.map((row) => ({
    key: { atMicros: text(row.key_us), id: text(row.id) },
    id: text(row.id),
    createdAt: time(row.at_ms),
    username: text(row.username),
    shopName: text(row.shop_name),
    amountMinor: num(row.amount_minor),
    currency: text(row.currency),
    destination: text(row.destination),
    status: text(row.status),
    provider: text(row.provider),
    providerReference: text(row.provider_reference),
    decidedAt: row.decided_ms === null || row.decided_ms === undefined ? null : time(row.decided_ms),
  }));
}

/* ------------------------------------------------------------ receipt */

export interface ReceiptOrderRow {
  id: string;
  buyerUserId: string;
  sellerUserId: string;
  status: string;
  currency: string;
  createdAt: Date;
  paidAt: Date | null;
  subtotalMinor: number;
  deliveryFeeMinor: number;
  totalMinor: number;
  refundedMinor: number;
  fulfilment: string;
  shopName: string;
  farmRegion: string;
  buyerName: string;
  items: Array<{ title: string; quantity: number; finalQuantityMilli: number | null; unit: string; unitPriceMinor: number; lineTotalMinor: number }>;
}

/** The buyer's own order with what a receipt shows; null when it is not theirs (or does not exist). */
export async function findReceiptOrder(db: Db, buyerUserId: string, orderId: string): Promise<ReceiptOrderRow | null> {
  const [order] = await rowsOf(
    db,
    sql`select o.id, o.buyer_user_id, o.seller_user_id, o.status, o.currency, extract(epoch from o.created_at) * 1000 as created_ms,
          extract(epoch from o.paid_at) * 1000 as paid_ms, o.subtotal_minor, o.delivery_fee_minor, o.total_minor, o.refunded_minor, o.fulfilment,
          ${shopNameOf(sql`o.seller_user_id`)} as shop_name,
          coalesce((select sp.region from seller_profiles sp where sp.user_id = o.seller_user_id), '') as farm_region,
          bu.username as buyer_name
        from orders o join users bu on bu.id = o.buyer_user_id
        where o.id = ${orderId}::uuid and o.buyer_user_id = ${buyerUserId}::uuid`,
  );
  if (!order) return null;
  const items = await rowsOf(
    db,
    sql`select title, quantity, final_quantity_milli, unit, unit_price_minor, line_total_minor from order_items where order_id = ${orderId}::uuid order by created_at, id`,
  );
  return {
    id: text(order.id),
    buyerUserId: text(order.buyer_user_id),
    sellerUserId: text(order.seller_user_id),
    status: text(order.status),
    currency: text(order.currency),
    createdAt: time(order.created_ms),
    paidAt: order.paid_ms === null || order.paid_ms === undefined ? null : time(order.paid_ms),
    subtotalMinor: num(order.subtotal_minor),
    deliveryFeeMinor: num(order.delivery_fee_minor),
    totalMinor: num(order.total_minor),
    refundedMinor: num(order.refunded_minor),
    fulfilment: text(order.fulfilment),
    shopName: text(order.shop_name),
    farmRegion: text(order.farm_region),
    buyerName: text(order.buyer_name),
    items: items.map((item) => ({
      title: text(item.title),
      quantity: num(item.quantity),
      finalQuantityMilli: item.final_quantity_milli === null ? null : num(item.final_quantity_milli),
      unit: text(item.unit),
      unitPriceMinor: num(item.unit_price_minor),
      lineTotalMinor: num(item.line_total_minor),
    })),
  };
}

/* ------------------------------------------------------------ statement */

/** The balance of the user's available account before `at` (the wallet's "available" at that instant). */
export async function availableBalanceBefore(db: Db, userId: string, at: Date): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select coalesce(sum(p.amount_minor), 0) as total from ledger_postings p join ledger_accounts a on a.id = p.account_id
        join ledger_transactions t on t.id = p.transaction_id
        where a.owner_user_id = ${userId}::uuid and a.kind = 'user_available' and t.created_at < ${at.toISOString()}::timestamptz`,
  );
  return num(row?.total);
}

export interface StatementMovementRow {
  kind: string;
  /** The change of the user's available balance by this kind in the window. */
  availableChangeMinor: number;
  /** The platform's commission posted in the same transactions (escrow releases of the farm's orders). */
  commissionMinor: number;
  /** The farm's own discount codes on the orders released (escrow_release), which the buyers did not pay. */
  farmDiscountMinor: number;
  transactions: number;
}

/**
 * The month's movements of the user's available account grouped by ledger transaction kind, with
 * the commission the platform took in those same transactions (the farm's gross sale is its net
 * credit plus that commission). Grouped by the kind's name, so a kind added later comes out too.
 */
export async function statementMovements(db: Db, userId: string, window: TimeWindow): Promise<StatementMovementRow[]> {
  const rows = await rowsOf(
    db,
    sql`with mine as (
          select t.id, t.kind::text as kind, t.order_id, sum(p.amount_minor) as change
          from ledger_postings p join ledger_accounts a on a.id = p.account_id join ledger_transactions t on t.id = p.transaction_id
          where a.owner_user_id = ${userId}::uuid and a.kind = 'user_available'
            and t.created_at >= ${window.from.toISOString()}::timestamptz and t.created_at < ${window.until.toISOString()}::timestamptz
          group by t.id, t.kind, t.order_id)
        select mine.kind, sum(mine.change) as change, count(*) as transactions,
          coalesce(sum((select sum(p.amount_minor) from ledger_postings p join ledger_accounts a on a.id = p.account_id
                        where p.transaction_id = mine.id and a.owner_user_id is null and a.kind = 'platform_commission')), 0) as commission,
          coalesce(sum(case when mine.kind = 'escrow_release' then (select o.farm_discount_minor from orders o where o.id = mine.order_id) end), 0) as farm_discount
        from mine group by mine.kind order by mine.kind`,
  );
  return rows.map((row) => ({
    kind: text(row.kind),
    availableChangeMinor: num(row.change),
    commissionMinor: num(row.commission),
    farmDiscountMinor: num(row.farm_discount),
    transactions: num(row.transactions),
  }));
}
