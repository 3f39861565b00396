import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { postLedgerTransaction, type LedgerPostingInput } from '../wallet/ledger-service';

/** The order's money as the ledger sees it (all integer minor units). */
export interface OrderAmounts {
  subtotalMinor: number;
  deliveryFeeMinor: number;
  totalMinor: number;
  refundedMinor: number;
}

/** Commission on the farm's part, rounded down (the farm never gets less than its share). */
export function commissionOf(sellerPartMinor: number, commissionBps: number): number {
  return Math.floor((sellerPartMinor * commissionBps) / 10_000);
}

/**
 * How the escrow of a completed order is split. Returns go against the produce first (final
 * weights, partial refunds), then against the delivery fee.
 */
export function escrowSplit(order: OrderAmounts, commissionBps: number): { escrowMinor: number; sellerMinor: number; commissionMinor: number; deliveryMinor: number } {
  const escrowMinor = Math.max(0, order.totalMinor - order.refundedMinor);
  const sellerPart = Math.max(0, order.subtotalMinor - order.refundedMinor);
  const deliveryMinor = escrowMinor - sellerPart;
  const commissionMinor = commissionOf(sellerPart, commissionBps);
  return { escrowMinor, sellerMinor: sellerPart - commissionMinor, commissionMinor, deliveryMinor };
}

function nonZero(postings: LedgerPostingInput[]): LedgerPostingInput[] {
  return postings.filter((posting) => posting.amountMinor !== 0);
}

/** Pay: the buyer's available balance -> the buyer's escrow (refused when too low). */
export async function chargeOrder(db: Db, order: OrderRow, currency: string): Promise<void> {
  if (order.totalMinor <= 0) return;
  await postLedgerTransaction(db, {
    kind: 'order_payment',
    orderId: order.id,
    idempotencyKey: `order-payment:${order.id}`,
    memo: 'Order payment',
    currency,
    postings: [
      { account: { ownerUserId: order.buyerUserId, kind: 'user_available' }, amountMinor: -order.totalMinor },
      { account: { ownerUserId: order.buyerUserId, kind: 'user_escrow' }, amountMinor: order.totalMinor },
    ],
  });
}

/** Returns `amountMinor` from escrow to the buyer's available balance. */
export async function returnFromEscrow(
  db: Db,
  order: OrderRow,
  amountMinor: number,
  input: { kind: 'refund' | 'weight_adjustment'; idempotencyKey: string; memo: string; currency: string },
): Promise<void> {
  if (amountMinor <= 0) return;
  await postLedgerTransaction(db, {
    kind: input.kind,
    orderId: order.id,
    idempotencyKey: input.idempotencyKey,
    memo: input.memo,
    currency: input.currency,
    postings: [
      { account: { ownerUserId: order.buyerUserId, kind: 'user_escrow' }, amountMinor: -amountMinor },
      { account: { ownerUserId: order.buyerUserId, kind: 'user_available' }, amountMinor },
    ],
  });
}

/** Completion: escrow -> the farm (less commission), the platform's commission and delivery fees. */
export async function releaseEscrow(db: Db, order: OrderRow, commissionBps: number, currency: string): Promise<void> {
  const split = escrowSplit(order, commissionBps);
  if (split.escrowMinor <= 0) return;
  await postLedgerTransaction(db, {
    kind: 'escrow_release',
    orderId: order.id,
    idempotencyKey: `order-release:${order.id}`,
    memo: 'Order completed',
    currency,
    postings: nonZero([
      { account: { ownerUserId: order.buyerUserId, kind: 'user_escrow' }, amountMinor: -split.escrowMinor },
      { account: { ownerUserId: order.sellerUserId, kind: 'user_available' }, amountMinor: split.sellerMinor },
      { account: { ownerUserId: null, kind: 'platform_commission' }, amountMinor: split.commissionMinor },
      { account: { ownerUserId: null, kind: 'platform_delivery_fees' }, amountMinor: split.deliveryMinor },
    ]),
  });
}
