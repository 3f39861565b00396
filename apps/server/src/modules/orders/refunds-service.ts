import { REFUND_STATUSES, type TRefundCase, type TRefundListResponse, type TRefundStatus } from '@pulse/contract/orders';
import type { Db } from '../../db/client';
import { InvalidError } from '../../errors/domain-errors';
import { listRefundCaseSummaries, refundedAmountsByOrder, type OrderSummaryRecord } from './orders-repository';
import { INVALID_ORDER_CURSOR_MESSAGE, toOrderSummaryJson } from './orders-service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function toRefundCase(record: OrderSummaryRecord, refundedByLedger: Map<string, number>): TRefundCase {
  const { order } = record;
  const open = order.status !== 'refunded';
  return {
    ...toOrderSummaryJson(record),
    refund: {
      reason: order.refundReason,
      contestReason: order.refundContestReason,
      decisionReason: order.refundDecisionReason,
      amountMinor: open ? Math.max(0, order.totalMinor - order.refundedMinor) : (refundedByLedger.get(order.id) ?? 0),
      requestedAt: order.refundRequestedAt?.toISOString() ?? null,
      resolvedAt: order.refundResolvedAt?.toISOString() ?? null,
    },
  };
}

/**
 * Refund cases, newest first: a seller's own (sellerUserId) or all of them (admin, null).
 * `statuses` defaults to every refund status.
 */
export async function listRefundCases(
  db: Db,
  sellerUserId: string | null,
  query: { status?: TRefundStatus[] | undefined; cursor?: string | undefined; limit: number },
): Promise<TRefundListResponse> {
  const cursor = query.cursor?.toLowerCase();
  if (cursor !== undefined && !UUID.test(cursor)) throw new InvalidError(INVALID_ORDER_CURSOR_MESSAGE, { cursor: INVALID_ORDER_CURSOR_MESSAGE });
  const statuses = query.status && query.status.length > 0 ? query.status : [...REFUND_STATUSES];
  const rows = await listRefundCaseSummaries(db, { sellerUserId, statuses, beforeId: cursor, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const refunded = await refundedAmountsByOrder(
    db,
    page.filter((record) => record.order.status === 'refunded').map((record) => record.order.id),
  );
  return {
    items: page.map((record) => toRefundCase(record, refunded)),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.order.id ?? null) : null,
  };
}
