import type { FastifyInstance } from 'fastify';
import type { TOrderStatus } from '@pulse/contract/orders';
import { SALES_STATUSES, SELLER_ACTION_STATUSES, type TSalesDay, type TSellerDashboardResponse } from '@pulse/contract/seller-dashboard';
import type { TSellerWalletResponse } from '@pulse/contract/wallet';
import { escrowSplit } from '../orders/order-money';
import { findProductThumbUrls, listSellerOrdersByStatus } from '../orders/orders-repository';
import { toOrderSummaryJson } from '../orders/orders-service';
import { getWalletBalances } from '../wallet/ledger-service';
import { findPayoutDestination } from '../wallet/payouts-service';
import { ledgerInflowByDay, listLowStock, listOrderAmounts, salesByDay, type DayAmount } from './seller-dashboard-repository';

export const SERIES_DAYS = 30;
export const ACTION_QUEUE_LIMIT = 10;
export const LOW_STOCK_LIMIT = 10;

/** Paid orders whose escrow is still to be released (or returned): the seller's pending money. */
export const OPEN_PAID_STATUSES = [
  'paid',
  'accepted',
  'ready',
  'in_transit',
  'delivered',
  'refund_requested',
  'refund_disputed',
  'refund_rejected',
] as const satisfies readonly TOrderStatus[];

const DAY_MS = 24 * 60 * 60 * 1000;

function isoDay(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

export interface DayWindow {
  /** Today's calendar day for the viewer. */
  today: string;
  /** First day of this month (YYYY-MM-DD). */
  monthStart: string;
  /** The series' days, oldest first, today last. */
  days: string[];
  /** The instant the earliest day needed (series or month) starts: rows since then are read. */
  since: Date;
}

/** Calendar days as seen at UTC offset `offsetMinutes` at `now`. */
export function dayWindow(now: Date, offsetMinutes: number, seriesDays = SERIES_DAYS): DayWindow {
  const local = now.getTime() + offsetMinutes * 60_000;
  const localDate = new Date(local);
  const todayMidnight = Date.UTC(localDate.getUTCFullYear(), localDate.getUTCMonth(), localDate.getUTCDate());
  const monthMidnight = Date.UTC(localDate.getUTCFullYear(), localDate.getUTCMonth(), 1);
  const seriesMidnight = todayMidnight - (seriesDays - 1) * DAY_MS;
  const days: string[] = [];
  for (let index = 0; index < seriesDays; index += 1) days.push(isoDay(seriesMidnight + index * DAY_MS));
  return {
    today: isoDay(todayMidnight),
    monthStart: isoDay(monthMidnight),
    days,
    since: new Date(Math.min(monthMidnight, seriesMidnight) - offsetMinutes * 60_000),
  };
}

export function byDate(rows: DayAmount[]): Map<string, DayAmount> {
  return new Map(rows.map((row) => [row.date, row]));
}

/** GET /api/seller/dashboard */
export async function getSellerDashboard(app: FastifyInstance, sellerUserId: string, offsetMinutes: number, now: Date = new Date()): Promise<TSellerDashboardResponse> {
  const window = dayWindow(now, offsetMinutes);
  const [queues, sales, lowStock] = await Promise.all([
    listSellerOrdersByStatus(app.db, sellerUserId, SELLER_ACTION_STATUSES, ACTION_QUEUE_LIMIT),
    salesByDay(app.db, sellerUserId, SALES_STATUSES, window.since, offsetMinutes),
    listLowStock(app.db, sellerUserId, LOW_STOCK_LIMIT),
  ]);
  const thumbs = await findProductThumbUrls(
    app.db,
    lowStock.rows.map((row) => row.id),
  );

  const salesByDate = byDate(sales);
  const series: TSalesDay[] = window.days.map((date) => ({ date, salesMinor: salesByDate.get(date)?.amountMinor ?? 0, orderCount: salesByDate.get(date)?.count ?? 0 }));
  const today = salesByDate.get(window.today);
  const month = sales.filter((row) => row.date >= window.monthStart && row.date <= window.today);

  const queue = (status: (typeof SELLER_ACTION_STATUSES)[number]) => {
    const entry = queues.get(status);
    return { count: entry?.count ?? 0, items: (entry?.items ?? []).map(toOrderSummaryJson) };
  };

  return {
    currency: app.config.currency,
    tzOffsetMinutes: offsetMinutes,
    actionQueues: { paid: queue('paid'), accepted: queue('accepted'), ready: queue('ready'), refund_requested: queue('refund_requested') },
    sales: {
      today: { salesMinor: today?.amountMinor ?? 0, orderCount: today?.count ?? 0 },
      month: {
        salesMinor: month.reduce((total, row) => total + row.amountMinor, 0),
        orderCount: month.reduce((total, row) => total + row.count, 0),
      },
    },
    salesStatuses: [...SALES_STATUSES],
    series,
    lowStock: lowStock.rows.map((row) => ({ ...row, thumbUrl: thumbs.get(row.id) ?? null })),
    lowStockCount: lowStock.count,
  };
}

/** GET /api/seller/wallet */
export async function getSellerWallet(app: FastifyInstance, sellerUserId: string, offsetMinutes: number, now: Date = new Date()): Promise<TSellerWalletResponse> {
  const window = dayWindow(now, offsetMinutes);
  const since = new Date(Date.parse(`${window.days[0] ?? window.today}T00:00:00Z`) - offsetMinutes * 60_000);
  const [balances, openOrders, released, paidOut, destination] = await Promise.all([
    getWalletBalances(app.db, sellerUserId),
    listOrderAmounts(app.db, sellerUserId, OPEN_PAID_STATUSES),
    ledgerInflowByDay(app.db, sellerUserId, 'escrow_release', 'user_available', since, offsetMinutes),
    ledgerInflowByDay(app.db, sellerUserId, 'payout', 'user_paid_out', since, offsetMinutes),
    findPayoutDestination(app.db, sellerUserId),
  ]);
  const commissionBps = app.config.commissionBps;
  const releasedByDate = byDate(released);
  const paidOutByDate = byDate(paidOut);
  return {
    currency: app.config.currency,
    availableMinor: balances.availableMinor,
    pendingMinor: openOrders.reduce((total, order) => total + escrowSplit(order, commissionBps).sellerMinor, 0),
    pendingOrderCount: openOrders.length,
    paidOutMinor: balances.paidOutMinor,
    commissionBps,
    payoutDestination: destination,
    series: window.days.map((date) => ({
      date,
      releasedMinor: releasedByDate.get(date)?.amountMinor ?? 0,
      paidOutMinor: paidOutByDate.get(date)?.amountMinor ?? 0,
    })),
  };
}
