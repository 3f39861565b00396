import { msg, plural } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { formatDate, formatMoney, formatNumber, type FormatOptions } from '../../../lib/format';
import type { TReferralAttributionState, TReferralEarningStatus, TReferralSummary, TReferredPerson } from '@pulse/contract/referrals';

/** "20%", "12.5%" (or "20 %" in French): basis points as people say them, at most two decimals. */
export function formatShare(i18n: I18n, bps: number): string {
  const percent = formatNumber(bps / 100, 2);
  return i18n._(msg`${percent}%`);
}

/** The programme's rules in one line, from the server's own figures. */
export function referralRulesLine(i18n: I18n, summary: Pick<TReferralSummary, 'shareBps' | 'buyerDays' | 'sellerDays'>): string {
  const share = formatShare(i18n, summary.shareBps);
  const { buyerDays, sellerDays } = summary;
  if (sellerDays === buyerDays) {
    return i18n._(msg`You earn ${share} of our commission on their orders for ${plural(buyerDays, { one: '# day', other: '# days' })}`);
  }
  return i18n._(
    msg`You earn ${share} of our commission on their orders for ${plural(buyerDays, { one: '# day', other: '# days' })} (farms: ${plural(sellerDays, { one: '# day', other: '# days' })})`,
  );
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

/** The hint under sign-ups: farms brought besides, and the share of visits that signed up. */
function signUpHint(i18n: I18n, farms: number, signUpRate: number | null): string {
  const rate = signUpRate === null ? null : formatNumber(signUpRate, 0);
  if (farms > 0 && rate !== null) return i18n._(msg`+ ${plural(farms, { one: '# farm', other: '# farms' })} · ${rate}% of visits`);
  if (farms > 0) return i18n._(msg`+ ${plural(farms, { one: '# farm', other: '# farms' })}`);
  if (rate !== null) return i18n._(msg`${rate}% of visits`);
  return i18n._(msg`Accounts made with your link`);
}

/** Link visits → sign-ups (+ farms) → first orders → earned (with pending), each with how it follows from the step before. */
export function funnelSteps(i18n: I18n, summary: TReferralSummary): FunnelStep[] {
  const { visits, signUps, farms, firstOrders } = summary.funnel;
  const people = signUps + farms;
  const signUpRate = conversionPercent(visits, signUps);
  const orderRate = conversionPercent(people, firstOrders);
  const orderPercent = orderRate === null ? '' : formatNumber(orderRate, 0);
  const pending = formatMoney(summary.pendingMinor, summary.currency);
  return [
    { key: 'visits', label: i18n._(msg`Link visits`), value: formatNumber(visits, 0), hint: i18n._(msg`People who opened your link`), testId: 'referral-visits' },
    {
      key: 'signUps',
      label: i18n._(msg`Sign-ups`),
      value: formatNumber(signUps, 0),
      hint: signUpHint(i18n, farms, signUpRate),
      testId: 'referral-signups',
    },
    {
      key: 'firstOrders',
      label: i18n._(msg`First orders`),
      value: formatNumber(firstOrders, 0),
      hint: orderRate !== null ? i18n._(msg`${orderPercent}% of the people you brought`) : i18n._(msg`People who have ordered or sold`),
      testId: 'referral-first-orders',
    },
    {
      key: 'earned',
      label: i18n._(msg`Earned`),
      value: formatMoney(summary.earnedMinor, summary.currency),
      hint: summary.pendingMinor > 0 ? i18n._(msg`${pending} pending`) : i18n._(msg`Nothing pending`),
      testId: 'referral-earned',
    },
  ];
}

export const ATTRIBUTION_STATE_BADGES: Readonly<Record<TReferralAttributionState, { label: MessageDescriptor; color: string }>> = {
  active: { label: msg`Active`, color: 'green' },
  expired: { label: msg`Expired`, color: 'gray' },
  void: { label: msg`Void`, color: 'red' },
};

export const EARNING_STATUS_COLORS: Readonly<Record<TReferralEarningStatus, string>> = {
  pending: 'yellow',
  available: 'green',
  reversed: 'gray',
};

/** The line under a referred person's name: when they joined, until when they earn, their first order (`format` for tests). */
export function personTimeline(
  i18n: I18n,
  person: Pick<TReferredPerson, 'attributedAt' | 'earnsUntil' | 'firstOrderAt' | 'state'>,
  format?: FormatOptions,
): string[] {
  const until = formatDate(person.earnsUntil, format);
  const earns =
    person.state === 'void' ? i18n._(msg`No longer earns`) : person.state === 'expired' ? i18n._(msg`Earned until ${until}`) : i18n._(msg`Earns until ${until}`);
  const firstOrderAt = person.firstOrderAt ? formatDate(person.firstOrderAt, format) : null;
  const firstOrder = firstOrderAt ? i18n._(msg`First order ${firstOrderAt}`) : i18n._(msg`No order yet`);
  const joined = formatDate(person.attributedAt, format);
  return [i18n._(msg`Joined ${joined}`), earns, firstOrder];
}

/** Whether the 30-day series has anything to draw. */
export function hasEarnings(series: TReferralSummary['series']): boolean {
  return series.some((day) => day.earnedMinor > 0);
}

/** The file name of the downloaded QR code. */
export function qrFileName(code: string): string {
  return `pulse-referral-${code.replace(/[^A-Za-z0-9-]/g, '')}.png`;
}
