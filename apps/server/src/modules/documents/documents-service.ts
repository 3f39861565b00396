import type { Readable } from 'node:stream';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { TExportRangeQuery } from '@pulse/contract/documents';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sellerApplications } from '../../db/schema/seller-applications';
import { sellerProfiles } from '../../db/schema/seller-profiles';
import { users } from '../../db/schema/users';
import { InvalidError, NotFoundError } from '../../errors/domain-errors';
import { orderNumber } from '../mail/order-mail-messages';
import { describeWalletEntries } from '../wallet/wallet-entry-describers';
import { csvStream, decimalOf, safeText } from './csv-export';
import { findReceiptOrder, orderLinesPage, payoutLinesPage, walletLinesPage, type TimeWindow } from './documents-repository';
import { renderReceipt, renderStatement, type Issuer } from './pdf-documents';
import { statementFigures } from './statement-figures';

export const RECEIPT_NOT_FOUND_MESSAGE = contractMessage(msg`Order not found`);
export const STATEMENT_MONTH_FUTURE_MESSAGE = contractMessage(msg`This month has not started yet.`);

const DAY_MS = 86_400_000;

/** ?from&to (both days included, UTC) as the half-open window [from 00:00, the day after to 00:00). */
export function windowOf(range: TExportRangeQuery): TimeWindow {
  return { from: new Date(`${range.from}T00:00:00Z`), until: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS) };
}

const isoTime = (at: Date) => at.toISOString().replace('.000Z', 'Z');

export function exportFileName(kind: string, range: TExportRangeQuery): string {
  return `${kind}-${range.from}-to-${range.to}.csv`;
}

/**
 * Order lines as CSV: one row per line item. Delivery fee, refunded, commission and net are the
 * order's and written on its first line only, so summing a column gives the period's total.
 * Commission and net come from the ledger once the order completed (empty net before).
 */
export function orderLinesCsv(db: Db, sellerUserId: string | null, range: TExportRangeQuery): Readable {
  const window = windowOf(range);
  const header = [
    'order_number',
    'order_date',
    'status',
    ...(sellerUserId === null ? ['farm'] : []),
    'buyer',
    'product',
    'quantity',
    'unit',
    'unit_price',
    'line_total',
    'delivery_fee',
    'refunded',
    'commission',
    'net_to_farm',
    'currency',
  ];
  return csvStream(
    header,
    (after, limit) => orderLinesPage(db, sellerUserId, window, after, limit),
    (row) => {
      const money = (minor: number) => decimalOf(minor, row.currency);
      const quantity = row.finalQuantityMilli === null ? String(row.quantity) : String(row.finalQuantityMilli / 1000);
      return [
        orderNumber(row.orderId),
        isoTime(row.orderCreatedAt),
        row.status,
        ...(sellerUserId === null ? [safeText(row.shopName)] : []),
        safeText(row.buyerName),
        safeText(row.title),
        quantity,
        row.unit,
        money(row.unitPriceMinor),
        money(row.lineTotalMinor),
        row.firstLine ? money(row.deliveryFeeMinor) : '',
        row.firstLine ? money(row.refundedMinor) : '',
        row.firstLine ? money(row.commissionMinor) : '',
        row.firstLine && row.netMinor !== null ? money(row.netMinor) : '',
        row.currency,
      ];
    },
  );
}

/**
 * The user's wallet history as CSV, oldest first: the lines of the wallet page (payouts among
 * them, as the hold of each payout), worded by the modules that own their kinds.
 */
export function walletHistoryCsv(db: Db, userId: string, currency: string, range: TExportRangeQuery): Readable {
  const window = windowOf(range);
  return csvStream(
    ['date', 'kind', 'description', 'order_number', 'available_change', 'escrow_change', 'currency', 'reference'],
    async (after, limit) => describeWalletEntries(db, await walletLinesPage(db, userId, window, after, limit)),
    (row) => [
      isoTime(row.createdAt),
      row.kind,
      safeText(row.memo),
      row.orderId ? orderNumber(row.orderId) : '',
      decimalOf(row.availableChangeMinor, currency),
      decimalOf(row.escrowChangeMinor, currency),
      currency,
      row.id,
    ],
  );
}

/** Payouts as CSV (one user's, or everyone's for admins), oldest first. */
export function payoutsCsv(db: Db, userId: string | null, range: TExportRangeQuery): Readable {
  const window = windowOf(range);
  return csvStream(
    ['requested_at', 'seller', 'shop', 'amount', 'currency', 'destination', 'status', 'provider', 'provider_reference', 'decided_at', 'payout_id'],
    (after, limit) => payoutLinesPage(db, userId, window, after, limit),
    (row) => [
      isoTime(row.createdAt),
      safeText(row.username),
      safeText(row.shopName),
      decimalOf(row.amountMinor, row.currency),
      row.currency,
      safeText(row.destination),
      row.status,
      row.provider,
      safeText(row.providerReference),
      row.decidedAt ? isoTime(row.decidedAt) : '',
      row.id,
    ],
  );
}

export function issuerOf(app: FastifyInstance): Issuer {
  return { name: app.config.appName, address: app.config.publicUrl.replace(/^https?:\/\//, '') };
}

/** The buyer's receipt of their own order (404 for anyone else, the farm included: it has its statement). */
export async function receiptPdf(app: FastifyInstance, buyerUserId: string, orderId: string, i18n: I18n): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await findReceiptOrder(app.db, buyerUserId, orderId);
  if (!order) throw new NotFoundError(RECEIPT_NOT_FOUND_MESSAGE);
  const number = orderNumber(order.id);
  return { fileName: `receipt-${number}.pdf`, pdf: await renderReceipt(i18n, issuerOf(app), order, number) };
}

/** The farm as its statement names it: shop name (else business name, else username) and region. */
async function farmOf(db: Db, userId: string): Promise<{ name: string; address: string; slug: string }> {
  const [row] = await db
    .select({
      shopName: sql<string | null>`coalesce(${sellerProfiles.shopName}, (select ${sellerApplications.businessName} from ${sellerApplications} where ${sellerApplications.userId} = ${users.id} limit 1))`,
      region: sellerProfiles.region,
      username: users.username,
    })
    .from(users)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  const name = row?.shopName ?? row?.username ?? '';
  return { name, address: row?.region ?? '', slug: (row?.username ?? userId.slice(0, 8)).toUpperCase() };
}

/** The statement's number: ST-<username>-YYYY-MM (one statement per seller and month; no counter to keep). */
export function statementNumber(slug: string, month: string): string {
  return `ST-${slug}-${month}`;
}

/**
 * The seller's statement of a month (YYYY-MM, UTC), figures from the ledger (statementFigures).
 * A month not begun yet is refused; the current month runs to now.
 */
export async function statementPdf(app: FastifyInstance, sellerUserId: string, month: string, i18n: I18n, now = new Date()): Promise<{ fileName: string; pdf: Buffer }> {
  const from = new Date(`${month}-01T00:00:00Z`);
  if (from.getTime() > now.getTime()) throw new InvalidError(STATEMENT_MONTH_FUTURE_MESSAGE, { month: STATEMENT_MONTH_FUTURE_MESSAGE });
  const until = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const figures = await statementFigures(app.db, sellerUserId, { from, until });
  const moved = figures.openingMinor + figures.lines.reduce((total, line) => total + line.amountMinor, 0);
  if (moved !== figures.closingMinor) throw new Error(`statement of ${sellerUserId} for ${month} does not add up: ${moved} != ${figures.closingMinor}`);
  const farm = await farmOf(app.db, sellerUserId);
  const number = statementNumber(farm.slug, month);
  const pdf = await renderStatement(i18n, issuerOf(app), { number, month: from, currency: app.config.currency, farm, figures, issuedAt: now });
  return { fileName: `statement-${month}.pdf`, pdf };
}
