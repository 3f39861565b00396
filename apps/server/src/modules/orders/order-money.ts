import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema/ledger';
import type { OrderRow } from '../../db/schema/orders';
import { postLedgerTransaction, type LedgerPostingInput } from '../wallet/ledger-service';

/** The order's money as the ledger sees it (all integer minor units). */
export interface OrderAmounts {
  subtotalMinor: number;
  deliveryFeeMinor: number;
  totalMinor: number;
  refundedMinor: number;
  /** Discount codes (decision 062): the farm's lowers what the farm is paid for; the platform's is funded into escrow at payment. */
  farmDiscountMinor?: number;
  platformDiscountMinor?: number;
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
  // The escrow holds what the buyer paid plus the platform's discount; the farm's part is its goods
  // after its own discount, and the commission is computed on that (what the farm really receives).
  const escrowMinor = Math.max(0, order.totalMinor + (order.platformDiscountMinor ?? 0) - order.refundedMinor);
  const sellerPart = Math.max(0, order.subtotalMinor - (order.farmDiscountMinor ?? 0) - order.refundedMinor);
  const deliveryMinor = escrowMinor - sellerPart;
  const commissionMinor = commissionOf(sellerPart, commissionBps);
  return { escrowMinor, sellerMinor: sellerPart - commissionMinor, commissionMinor, deliveryMinor };
}

function nonZero(postings: LedgerPostingInput[]): LedgerPostingInput[] {
  return postings.filter((posting) => posting.amountMinor !== 0);
}

export const platformDiscountKey = (orderId: string) => `order-platform-discount:${orderId}`;
export const platformDiscountReturnKey = (orderId: string) => `order-platform-discount-return:${orderId}`;

/**
 * A platform code's discount (decision 062): at payment the platform's commission account funds it
 * into the order's escrow, so the farm's money and the commission are as without the code.
 */
async function fundPlatformDiscount(db: Db, order: OrderRow, currency: string, at?: Date): Promise<void> {
  if (order.platformDiscountMinor <= 0) return;
  await postLedgerTransaction(db, {
    kind: 'platform_discount',
    at,
    orderId: order.id,
    idempotencyKey: platformDiscountKey(order.id),
    memo: 'Pulse Market discount code',
    currency,
    postings: [
      { account: { ownerUserId: null, kind: 'platform_commission' }, amountMinor: -order.platformDiscountMinor },
      { account: { ownerUserId: order.buyerUserId, kind: 'user_escrow' }, amountMinor: order.platformDiscountMinor },
    ],
  });
}

/** A cancelled or refunded order: the platform's discount leaves the escrow back to the commission account (once). */
async function returnPlatformDiscount(db: Db, order: OrderRow, currency: string, at?: Date): Promise<void> {
  if (order.platformDiscountMinor <= 0) return;
  const [funded] = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, platformDiscountKey(order.id)));
  if (!funded) return;
  await postLedgerTransaction(db, {
    kind: 'platform_discount',
    at,
    orderId: order.id,
    idempotencyKey: platformDiscountReturnKey(order.id),
    memo: 'Pulse Market discount code returned',
    currency,
    postings: [
      { account: { ownerUserId: order.buyerUserId, kind: 'user_escrow' }, amountMinor: -order.platformDiscountMinor },
      { account: { ownerUserId: null, kind: 'platform_commission' }, amountMinor: order.platformDiscountMinor },
    ],
  });
}

/** Pay: the buyer's available balance -> the buyer's escrow (refused when too low); a platform discount is funded beside it. */
export async function chargeOrder(db: Db, order: OrderRow, currency: string, at?: Date): Promise<void> {
  await fundPlatformDiscount(db, order, currency, at);
  if (order.totalMinor <= 0) return;
  await postLedgerTransaction(db, {
    kind: 'order_payment',
    at,
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
  input: { kind: 'refund' | 'weight_adjustment'; idempotencyKey: string; memo: string; currency: string; at?: Date | undefined },
): Promise<void> {
  if (amountMinor <= 0) return;
  await postLedgerTransaction(db, {
    kind: input.kind,
    at: input.at,
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

/* ------------------------------------------------------------ agent fees */

/** Idempotency keys of an order's agent fee: held on delivery, released once the order ends. */
export const agentFeeHoldKey = (orderId: string) => `order-agent-fee:${orderId}`;
export const agentFeeReleaseKey = (orderId: string) => `order-agent-fee-release:${orderId}`;

/**
 * A Pulse Agent delivered the order: the delivery part of the buyer's escrow (returns go against
 * the produce first, so this is the fee unless more than the produce was returned) moves to the
 * agent's escrow, where it waits for the order to complete. Once per order (idempotency key); an
 * unpaid order or one without a fee moves nothing.
 */
export async function holdAgentFee(db: Db, order: OrderRow, agentUserId: string, currency: string): Promise<number> {
  const feeMinor = order.paidAt ? escrowSplit(order, 0).deliveryMinor : 0;
  if (feeMinor <= 0) return 0;
  await postLedgerTransaction(db, {
    kind: 'escrow_release',
    orderId: order.id,
    idempotencyKey: agentFeeHoldKey(order.id),
    memo: 'Delivery fee, held until the order completes',
    currency,
    postings: [
      { account: { ownerUserId: order.buyerUserId, kind: 'user_escrow' }, amountMinor: -feeMinor },
      { account: { ownerUserId: agentUserId, kind: 'agent_escrow' }, amountMinor: feeMinor },
    ],
  });
  return feeMinor;
}

/** The fee an agent holds for this order (null when no agent delivered it: farm-delivered, pickup, not yet delivered). */
export async function findHeldAgentFee(db: Db, orderId: string): Promise<{ agentUserId: string; amountMinor: number } | null> {
  const [row] = await db
    .select({ agentUserId: ledgerAccounts.ownerUserId, amountMinor: ledgerPostings.amountMinor })
    .from(ledgerTransactions)
    .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(eq(ledgerTransactions.idempotencyKey, agentFeeHoldKey(orderId)), eq(ledgerAccounts.kind, 'agent_escrow'), gt(ledgerPostings.amountMinor, 0)));
  return row?.agentUserId ? { agentUserId: row.agentUserId, amountMinor: row.amountMinor } : null;
}

/** The order ended (completed, or refunded after the delivery): the agent's fee becomes available to them. */
async function releaseAgentFee(db: Db, order: OrderRow, held: { agentUserId: string; amountMinor: number }, currency: string, at?: Date): Promise<void> {
  await postLedgerTransaction(db, {
    kind: 'escrow_release',
    at,
    orderId: order.id,
    idempotencyKey: agentFeeReleaseKey(order.id),
    memo: 'Delivery fee released',
    currency,
    postings: [
      { account: { ownerUserId: held.agentUserId, kind: 'agent_escrow' }, amountMinor: -held.amountMinor },
      { account: { ownerUserId: held.agentUserId, kind: 'user_available' }, amountMinor: held.amountMinor },
    ],
  });
}

/**
 * A refund approved (or an order cancelled): what the buyer's escrow still holds goes back to them.
 * After a Pulse Agent's delivery the delivery fee is no longer in it: the agent did the delivery
 * (the buyer's code proved it), so the fee is released to the agent and the refund is the rest.
 * Returns the amount refunded.
 */
export async function refundOrder(db: Db, order: OrderRow, input: { idempotencyKey: string; memo: string; currency: string; at?: Date }): Promise<number> {
  const held = await findHeldAgentFee(db, order.id);
  if (held) await releaseAgentFee(db, order, held, input.currency, input.at);
  const amountMinor = order.totalMinor - order.refundedMinor - (held?.amountMinor ?? 0);
  await returnFromEscrow(db, order, amountMinor, { kind: 'refund', ...input });
  // The buyer gets back what the buyer paid; the platform its discount.
  await returnPlatformDiscount(db, order, input.currency, input.at);
  return Math.max(0, amountMinor);
}

/**
 * Completion: escrow -> the farm (less commission), the platform's commission and delivery fees.
 * When a Pulse Agent delivered the order its fee already left the buyer's escrow for the agent's:
 * the platform's delivery part is what is left of it (nothing), and the agent's fee is released.
 */
export async function releaseEscrow(db: Db, order: OrderRow, commissionBps: number, currency: string, at?: Date): Promise<void> {
  const split = escrowSplit(order, commissionBps);
  const held = await findHeldAgentFee(db, order.id);
  const agentFee = held?.amountMinor ?? 0;
  if (held) await releaseAgentFee(db, order, held, currency, at);
  if (split.escrowMinor - agentFee <= 0) return;
  await postLedgerTransaction(db, {
    kind: 'escrow_release',
    at,
    orderId: order.id,
    idempotencyKey: `order-release:${order.id}`,
    memo: 'Order completed',
    currency,
    postings: nonZero([
      { account: { ownerUserId: order.buyerUserId, kind: 'user_escrow' }, amountMinor: -(split.escrowMinor - agentFee) },
      { account: { ownerUserId: order.sellerUserId, kind: 'user_available' }, amountMinor: split.sellerMinor },
      { account: { ownerUserId: null, kind: 'platform_commission' }, amountMinor: split.commissionMinor },
      { account: { ownerUserId: null, kind: 'platform_delivery_fees' }, amountMinor: split.deliveryMinor - agentFee },
    ]),
  });
}
