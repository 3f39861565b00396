import { AGENT_PENDING_MESSAGE } from '@pulse/contract/agents';
import {
  REFERRAL_NOT_REFERRAL_AGENT_MESSAGE,
  REFERRAL_QUERY_PARAM,
  type TReferralAttributionState,
  type TReferralEarningsResponse,
  type TReferralSummary,
  type TReferredPeopleResponse,
} from '@pulse/contract/referrals';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AgentRow } from '../../db/schema/agents';
import type { ReferralAttributionRow } from '../../db/schema/referrals';
import type { UserRow } from '../../db/schema/users';
import { ForbiddenError } from '../../errors/domain-errors';
import { readTimeCursor, toPage, writeTimeCursor } from '../admin/keyset-cursor';
import { findAgentByUserId } from '../agents/agents-repository';
import { byDate, dayWindow } from '../seller-dashboard/seller-dashboard-service';
import { ensureReferralCode, isReferralAgent } from './referral-codes';
import { earnedByDay, earningTotals, funnelCounts, listEarnings, listReferredPeople } from './referral-earnings-repository';
import { orderNumberOf } from './referral-earnings-service';

/**
 * The referral agent's own pages (issue 13): the code and link, the funnel, the people it brought
 * and what it earned. Every query is the caller's own rows.
 */

/**
 * The caller's agent row when it is an approved referral agent (kind referral or both). A pending
 * agent gets the same 403 as the other agent pages; a delivery-only agent, a rejected applicant or
 * a user who never applied is told that codes are for referral agents.
 */
export async function assertReferralAgent(db: Db, caller: Pick<UserRow, 'id'>): Promise<AgentRow> {
  const row = await findAgentByUserId(db, caller.id);
  if (row?.status === 'pending') throw new ForbiddenError(AGENT_PENDING_MESSAGE);
  if (!row || !isReferralAgent(row)) throw new ForbiddenError(REFERRAL_NOT_REFERRAL_AGENT_MESSAGE);
  return row;
}

/** GET /api/referrals/me */
export async function getReferralSummary(
  db: Db,
  config: Pick<Config, 'currency' | 'referrals'>,
  agent: AgentRow,
  offsetMinutes: number,
  now: Date = new Date(),
): Promise<TReferralSummary> {
  const window = dayWindow(now, offsetMinutes);
  const code = await ensureReferralCode(db, agent);
  const [funnel, totals, days] = await Promise.all([
    funnelCounts(db, agent.userId),
    earningTotals(db, agent.userId),
    earnedByDay(db, agent.userId, window.since, offsetMinutes),
  ]);
  const earnedByDate = byDate(days);
  return {
    code,
    sharePath: `/?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(code)}`,
    currency: config.currency,
    shareBps: config.referrals.shareBps,
    buyerDays: config.referrals.buyerDays,
    sellerDays: config.referrals.sellerDays,
    windowDays: config.referrals.windowDays,
    funnel,
    earnedMinor: totals.earnedMinor,
    pendingMinor: totals.pendingMinor,
    todayMinor: earnedByDate.get(window.today)?.amountMinor ?? 0,
    monthMinor: days.filter((day) => day.date >= window.monthStart && day.date <= window.today).reduce((total, day) => total + day.amountMinor, 0),
    series: window.days.map((date) => ({ date, earnedMinor: earnedByDate.get(date)?.amountMinor ?? 0 })),
  };
}

/** active: earning; expired: past its window; void: voided by an admin. */
export function attributionState(row: Pick<ReferralAttributionRow, 'voidedAt' | 'earnsUntil'>, now: Date): TReferralAttributionState {
  if (row.voidedAt) return 'void';
  return row.earnsUntil.getTime() > now.getTime() ? 'active' : 'expired';
}

/** GET /api/referrals/me/people */
export async function listMyReferredPeople(
  db: Db,
  agent: AgentRow,
  query: { cursor?: string | undefined; limit: number },
  now: Date = new Date(),
): Promise<TReferredPeopleResponse> {
  const after = readTimeCursor(query.cursor);
  const rows = await listReferredPeople(db, agent.userId, query.limit + 1, after);
  const { page, nextCursor } = toPage(rows, query.limit, (row) => writeTimeCursor(row.cursorAt, row.attribution.id));
  return {
    items: page.map((row) => ({
      attributionId: row.attribution.id,
      username: row.username,
      profilePictureUrl: row.profilePictureUrl,
      side: row.attribution.side,
      farmName: row.farmName,
      source: row.attribution.source,
      state: attributionState(row.attribution, now),
      attributedAt: row.attribution.createdAt.toISOString(),
      earnsUntil: row.attribution.earnsUntil.toISOString(),
      firstOrderAt: row.firstOrderAt?.toISOString() ?? null,
      orderCount: row.orderCount,
      earnedMinor: row.earnedMinor,
      pendingMinor: row.pendingMinor,
    })),
    nextCursor,
  };
}

/** GET /api/referrals/me/earnings */
export async function listMyReferralEarnings(db: Db, agent: AgentRow, query: { cursor?: string | undefined; limit: number }): Promise<TReferralEarningsResponse> {
  const after = readTimeCursor(query.cursor);
  const rows = await listEarnings(db, agent.userId, query.limit + 1, after);
  const { page, nextCursor } = toPage(rows, query.limit, (row) => writeTimeCursor(row.cursorAt, row.earning.id));
  return {
    items: page.map(({ earning, referredUsername }) => ({
      id: earning.id,
      orderNumber: orderNumberOf(earning.orderId),
      side: earning.side,
      referredUsername,
      status: earning.status,
      commissionMinor: earning.commissionMinor,
      amountMinor: earning.amountMinor,
      createdAt: earning.createdAt.toISOString(),
      settledAt: earning.settledAt?.toISOString() ?? null,
    })),
    nextCursor,
  };
}

/** The agent wallet's referral figures: zero for an agent that does not refer (delivery only). */
export async function referralWalletFigures(db: Db, agent: Pick<AgentRow, 'userId' | 'kind' | 'status'> | null): Promise<{ referralEarnedMinor: number; referralPendingMinor: number }> {
  if (!agent || agent.kind === 'delivery') return { referralEarnedMinor: 0, referralPendingMinor: 0 };
  const totals = await earningTotals(db, agent.userId);
  return { referralEarnedMinor: totals.earnedMinor, referralPendingMinor: totals.pendingMinor };
}
