import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TGetAgentWalletResponse } from '@pulse/contract/agents';
import { deliveryTasks } from '../../db/schema/delivery-tasks';
import { agentFeeReleaseKey } from '../orders/order-money';
import { referralWalletFigures } from '../referrals/referral-agent-service';
import { earnedByDay } from '../referrals/referral-earnings-repository';
import { ledgerInflowByDay } from '../seller-dashboard/seller-dashboard-repository';
import { byDate, dayWindow } from '../seller-dashboard/seller-dashboard-service';
import { getWalletBalances } from '../wallet/ledger-service';
import { findPayoutDestination } from '../wallet/payouts-service';
import { findAgentByUserId } from './agents-repository';

/** Fee releases and referral earnings of the same day, added up. */
function mergeDays(...lists: Array<Array<{ date: string; amountMinor: number; count: number }>>): Array<{ date: string; amountMinor: number; count: number }> {
  const merged = new Map<string, { date: string; amountMinor: number; count: number }>();
  for (const day of lists.flat()) {
    const seen = merged.get(day.date);
    merged.set(day.date, seen ? { date: day.date, amountMinor: seen.amountMinor + day.amountMinor, count: seen.count + day.count } : { ...day });
  }
  return [...merged.values()];
}

/** Delivered and ended (delivered + failed) tasks of the agent, for the completion rate. */
async function taskCounts(app: FastifyInstance, agentUserId: string): Promise<{ deliveredCount: number; endedCount: number }> {
  const [row] = await app.db
    .select({
      delivered: sql<number>`count(*) filter (where ${deliveryTasks.status} = 'delivered')::int`,
      ended: sql<number>`count(*)::int`,
    })
    .from(deliveryTasks)
    .where(and(eq(deliveryTasks.agentUserId, agentUserId), inArray(deliveryTasks.status, ['delivered', 'failed'])));
  return { deliveredCount: Number(row?.delivered ?? 0), endedCount: Number(row?.ended ?? 0) };
}

/**
 * GET /api/agent/wallet: the agent's earnings from the ledger. Escrow is the agent_escrow account
 * (fees of delivered orders not completed yet); available and paid out are the user's own accounts
 * (shared with the buying balance, as for sellers); the day figures (today, month, series) count
 * what the agent earned: fee releases and referral earnings (issue 13, by the day they became
 * available). A failed delivery attempt earns nothing. Referral earnings are in the available
 * balance once their orders complete; the referral figures say how much of it they are, and what is
 * still pending (both zero for a delivery-only agent).
 */
export async function getAgentWallet(app: FastifyInstance, agentUserId: string, offsetMinutes: number, now: Date = new Date()): Promise<TGetAgentWalletResponse> {
  const window = dayWindow(now, offsetMinutes);
  const feePrefix = agentFeeReleaseKey('');
  const [balances, fees, referrals, paidOut, destination, counts, referral] = await Promise.all([
    getWalletBalances(app.db, agentUserId),
    ledgerInflowByDay(app.db, agentUserId, 'escrow_release', 'user_available', window.since, offsetMinutes, feePrefix),
    earnedByDay(app.db, agentUserId, window.since, offsetMinutes),
    ledgerInflowByDay(app.db, agentUserId, 'payout', 'user_paid_out', window.since, offsetMinutes),
    findPayoutDestination(app.db, agentUserId),
    taskCounts(app, agentUserId),
    findAgentByUserId(app.db, agentUserId).then((agent) => referralWalletFigures(app.db, agent)),
  ]);
  const released = mergeDays(fees, referrals);
  const releasedByDate = byDate(released);
  const paidOutByDate = byDate(paidOut);
  return {
    currency: app.config.currency,
    availableMinor: balances.availableMinor,
    escrowMinor: balances.agentEscrowMinor,
    paidOutMinor: balances.paidOutMinor,
    todayMinor: releasedByDate.get(window.today)?.amountMinor ?? 0,
    monthMinor: released.filter((day) => day.date >= window.monthStart).reduce((total, day) => total + day.amountMinor, 0),
    ...counts,
    ...referral,
    payoutDestination: destination,
    series: window.days.map((date) => ({
      date,
      releasedMinor: releasedByDate.get(date)?.amountMinor ?? 0,
      paidOutMinor: paidOutByDate.get(date)?.amountMinor ?? 0,
    })),
  };
}
