import { formatDate, formatMoney, type FormatOptions } from '../../../lib/format';
import type { TReferralAttributionState, TReferralEarningStatus, TReferralSummary, TReferredPerson } from '@pulse/contract/referrals';

/** "20%", "12.5%": basis points as people say them. */
export function formatShare(bps: number): string {
  const percent = bps / 100;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(2).replace(/0+$/, '').replace(/\.$/, '')}%`;
}

function days(count: number): string {
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}

/** The programme's rules in one line, from the server's own figures. */
export function referralRulesLine(summary: Pick<TReferralSummary, 'shareBps' | 'buyerDays' | 'sellerDays'>): string {
  const farms = summary.sellerDays === summary.buyerDays ? '' : ` (farms: ${days(summary.sellerDays)})`;
  return `You earn ${formatShare(summary.shareBps)} of our commission on their orders for ${days(summary.buyerDays)}${farms}`;
}

/** The link to share: this app's origin in front of the server's path ("/?ref=AMA-7K2"). */
export function shareLink(origin: string, sharePath: string): string {
  const path = sharePath.startsWith('/') ? sharePath : `/${sharePath}`;
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** "32%" of the step before; null when there is nothing to compare with or the step is not a subset (farms from the seller form need no visit). */
export function conversionPercent(from: number, to: number): number | null {
  if (from <= 0 || to > from) return null;
  return Math.round((to / from) * 100);
}

export interface FunnelStep {
  key: 'visits' | 'signUps' | 'firstOrders' | 'earned';
  label: string;
  value: string;
  hint: string;
  testId: string;
}

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}

/** Link visits → sign-ups (+ farms) → first orders → earned (with pending), each with how it follows from the step before. */
export function funnelSteps(summary: TReferralSummary): FunnelStep[] {
  const { visits, signUps, farms, firstOrders } = summary.funnel;
  const people = signUps + farms;
  const signUpRate = conversionPercent(visits, signUps);
  const orderRate = conversionPercent(people, firstOrders);
  return [
    { key: 'visits', label: 'Link visits', value: String(visits), hint: 'People who opened your link', testId: 'referral-visits' },
    {
      key: 'signUps',
      label: 'Sign-ups',
      value: String(signUps),
      hint: [farms > 0 ? `+ ${count(farms, 'farm', 'farms')}` : null, signUpRate !== null ? `${signUpRate}% of visits` : null].filter(Boolean).join(' · ') || 'Accounts made with your link',
      testId: 'referral-signups',
    },
    {
      key: 'firstOrders',
      label: 'First orders',
      value: String(firstOrders),
      hint: orderRate !== null ? `${orderRate}% of the people you brought` : 'People who have ordered or sold',
      testId: 'referral-first-orders',
    },
    {
      key: 'earned',
      label: 'Earned',
      value: formatMoney(summary.earnedMinor, summary.currency),
      hint: summary.pendingMinor > 0 ? `${formatMoney(summary.pendingMinor, summary.currency)} pending` : 'Nothing pending',
      testId: 'referral-earned',
    },
  ];
}

export const ATTRIBUTION_STATE_BADGES: Readonly<Record<TReferralAttributionState, { label: string; color: string }>> = {
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'gray' },
  void: { label: 'Void', color: 'red' },
};

export const EARNING_STATUS_COLORS: Readonly<Record<TReferralEarningStatus, string>> = {
  pending: 'yellow',
  available: 'green',
  reversed: 'gray',
};

/** The line under a referred person's name: when they joined, until when they earn, their first order (`format` for tests). */
export function personTimeline(person: Pick<TReferredPerson, 'attributedAt' | 'earnsUntil' | 'firstOrderAt' | 'state'>, format?: FormatOptions): string[] {
  const earns = person.state === 'void' ? 'No longer earns' : `${person.state === 'expired' ? 'Earned until' : 'Earns until'} ${formatDate(person.earnsUntil, format)}`;
  const firstOrder = person.firstOrderAt ? `First order ${formatDate(person.firstOrderAt, format)}` : 'No order yet';
  return [`Joined ${formatDate(person.attributedAt, format)}`, earns, firstOrder];
}

/** Whether the 30-day series has anything to draw. */
export function hasEarnings(series: TReferralSummary['series']): boolean {
  return series.some((day) => day.earnedMinor > 0);
}

/** The file name of the downloaded QR code. */
export function qrFileName(code: string): string {
  return `pulse-referral-${code.replace(/[^A-Za-z0-9-]/g, '')}.png`;
}
