import type { TWalletEntry } from '@pulse/contract/wallet';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { escrowSplit, type OrderAmounts } from '../orders/order-money';
import { postLedgerTransaction } from '../wallet/ledger-service';
import {
  findEarningAttributions,
  findEarningsByLedgerTransactions,
  insertPendingEarning,
  lockPendingEarningsOfOrder,
  reversePendingOfAttribution,
  reversePendingOfOrder,
  updateEarning,
} from './referral-earnings-repository';

/**
 * Referral earnings (issue 13, decision 023): an order of a referred buyer or farm opens a pending
 * earning when it is paid, posts the agent's share of the commission actually taken when it
 * completes, and reverses it when it is cancelled or refunded instead. Every step runs inside the
 * order transition's transaction (orders-service runTransition), after the money step it follows.
 */

export type ReferralEarningsConfig = Pick<Config, 'commissionBps' | 'currency' | 'referrals'>;
type EarningOrder = OrderAmounts & Pick<OrderRow, 'id' | 'buyerUserId' | 'sellerUserId'>;

/** The agent's share of a commission, rounded down (the platform never pays more than its share). */
export function referralShareOf(commissionMinor: number, shareBps: number): number {
  return Math.floor((commissionMinor * shareBps) / 10_000);
}

/** The earning of one order at its current amounts: the commission on the produce part, and the share. */
export function referralEarningOf(order: OrderAmounts, config: Pick<Config, 'commissionBps' | 'referrals'>): { commissionMinor: number; amountMinor: number } {
  const commissionMinor = escrowSplit(order, config.commissionBps).commissionMinor;
  return { commissionMinor, amountMinor: referralShareOf(commissionMinor, config.referrals.shareBps) };
}

export const referralEarningKey = (orderId: string, agentUserId: string) => `referral-earning:${orderId}:${agentUserId}`;

/**
 * 'charge_wallet': the order is paid. Opens a pending earning (the expected share; nothing moves in
 * the ledger, the commission does not exist yet) for the buyer's and the farm's attributions that
 * are not void and still earn at `now`. No earning when the buyer is the farm, or when the agent is
 * the buyer or the farm. An agent that referred both sides earns once (buyer side first; unique
 * per order and agent). Returns how many were opened.
 */
export async function openReferralEarnings(db: Db, config: ReferralEarningsConfig, order: EarningOrder, now: Date): Promise<number> {
  if (order.buyerUserId === order.sellerUserId) return 0;
  const attributions = await findEarningAttributions(db, order.buyerUserId, order.sellerUserId, now);
  const expected = referralEarningOf(order, config);
  let opened = 0;
  for (const attribution of attributions) {
    if (attribution.agentUserId === order.buyerUserId || attribution.agentUserId === order.sellerUserId) continue;
    const row = await insertPendingEarning(db, {
      attributionId: attribution.id,
      agentUserId: attribution.agentUserId,
      orderId: order.id,
      side: attribution.side,
      ...expected,
      createdAt: now,
    });
    if (row) opened += 1;
  }
  return opened;
}

/**
 * 'release_escrow': the order completes (`order` with its returns so far: final weights, partial
 * refunds). Each pending earning of a live attribution gets the share of the commission actually
 * taken, posted as one `referral_earning` ledger transaction (platform_commission -> the agent's
 * available balance) and becomes available; a zero share becomes available without a posting. A
 * pending earning whose attribution was voided meanwhile is reversed.
 */
export async function settleReferralEarnings(db: Db, config: ReferralEarningsConfig, order: EarningOrder, now: Date): Promise<void> {
  const pending = await lockPendingEarningsOfOrder(db, order.id);
  if (pending.length === 0) return;
  const actual = referralEarningOf(order, config);
  for (const earning of pending) {
    if (earning.attributionVoided) {
      await updateEarning(db, earning.id, { status: 'reversed', settledAt: now });
      continue;
    }
    let ledgerTransactionId: string | null = null;
    if (actual.amountMinor > 0) {
      const posted = await postLedgerTransaction(db, {
        kind: 'referral_earning',
        orderId: order.id,
        at: now,
        idempotencyKey: referralEarningKey(order.id, earning.agentUserId),
        memo: 'Referral earning',
        currency: config.currency,
        postings: [
          { account: { ownerUserId: null, kind: 'platform_commission' }, amountMinor: -actual.amountMinor },
          { account: { ownerUserId: earning.agentUserId, kind: 'user_available' }, amountMinor: actual.amountMinor },
        ],
      });
      ledgerTransactionId = posted.transactionId;
    }
    await updateEarning(db, earning.id, { status: 'available', ...actual, ledgerTransactionId, settledAt: now });
  }
}

/**
 * 'refund_escrow': the paid order is cancelled or refunded. Its pending earnings are reversed
 * (the expected figures stay for display); nothing was posted, so nothing moves back.
 *
 * An `available` earning is never reversed: a completed order is final in this product (refunds are
 * decided before completion, see the top of orders/order-state-machine.ts), so no refund can follow
 * a completion and what was earned stays earned.
 */
export async function reverseReferralEarnings(db: Db, orderId: string, now: Date): Promise<number> {
  return reversePendingOfOrder(db, orderId, now);
}

/**
 * An admin voided the attribution (admin lane): its pending earnings are reversed; available ones
 * stay earned. Run it in the void's transaction, after the attribution's conditional update.
 * Returns how many were reversed.
 */
export async function reversePendingEarningsOfAttribution(db: Db, attributionId: string, now: Date): Promise<number> {
  return reversePendingOfAttribution(db, attributionId, now);
}

/** The order reference people see on order pages: the last 8 characters of its id, upper case. */
export function orderNumberOf(orderId: string): string {
  return orderId.replace(/-/g, '').slice(-8).toUpperCase();
}

/** Wallet history: a referral earning reads "Referral earning · order 0192AB34 (@referred)". */
export async function describeReferralEntries<Entry extends Pick<TWalletEntry, 'id' | 'kind' | 'memo'>>(db: Db, entries: Entry[]): Promise<Entry[]> {
  const found = await findEarningsByLedgerTransactions(
    db,
    entries.filter((entry) => entry.kind === 'referral_earning').map((entry) => entry.id),
  );
  return entries.map((entry) => {
    const earning = entry.kind === 'referral_earning' ? found.get(entry.id) : undefined;
    if (!earning) return entry;
    return { ...entry, memo: `Referral earning · order ${orderNumberOf(earning.orderId)} (@${earning.referredUsername})` };
  });
}
