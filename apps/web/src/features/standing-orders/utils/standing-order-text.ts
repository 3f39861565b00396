import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { TDeliverySlot } from '@pulse/contract/orders';
import type { TStandingCycleStatus, TStandingOrderSummary } from '@pulse/contract/standing-orders';
import { formatCalendarDay, formatTime, type FormatOptions } from '../../../lib/format';
import { formatFields } from '../../../lib/format-core';

/** A cycle's status in the buyer's words (decision 064). */
export const CYCLE_STATUS_LABELS: Readonly<Record<TStandingCycleStatus, MessageDescriptor>> = {
  upcoming: msg`Coming up`,
  placed: msg`Ordered`,
  partly_placed: msg`Ordered without some items`,
  held_price: msg`Waiting: prices went up`,
  held_funds: msg`Waiting: top up your wallet`,
  skipped: msg`Skipped`,
  no_slot: msg`Skipped: the farm had no slot`,
  missed: msg`Missed`,
  failed: msg`Nothing could be ordered`,
};

/** The badge colour of a cycle's status: green ordered, orange waiting for the buyer, grey skipped, red nothing ordered. */
export function cycleStatusColor(status: TStandingCycleStatus): string {
  switch (status) {
    case 'placed':
      return 'green';
    case 'partly_placed':
    case 'held_price':
    case 'held_funds':
      return 'orange';
    case 'missed':
    case 'failed':
      return 'red';
    case 'upcoming':
      return 'blue';
    default:
      return 'gray';
  }
}

/** A held cycle waits for the buyer: prices to confirm, or money to top up. */
export function isHeld(status: TStandingCycleStatus): status is 'held_price' | 'held_funds' {
  return status === 'held_price' || status === 'held_funds';
}

export const LEFT_OUT_REASONS: Readonly<Record<'sold_out' | 'unavailable' | 'not_enough', MessageDescriptor>> = {
  sold_out: msg`sold out`,
  unavailable: msg`not on sale`,
  not_enough: msg`not enough in stock`,
};

/** The badges of a weekly basket in the list: paused, next one skipped, a held cycle waiting for the buyer. */
export function summaryBadges(summary: Pick<TStandingOrderSummary, 'status' | 'pausedUntil' | 'next' | 'needsAttention'>, options?: FormatOptions): { label: string; color: string }[] {
  const badges: { label: string; color: string }[] = [];
  if (summary.status === 'paused') {
    const until = summary.pausedUntil ? formatCalendarDay(summary.pausedUntil, { locale: options?.locale }) : null;
    badges.push({ label: until ? t`Paused until ${until}` : t`Paused`, color: 'gray' });
  }
  if (summary.status === 'cancelled') badges.push({ label: t`Cancelled`, color: 'red' });
  if (summary.status === 'ended') badges.push({ label: t`Ended`, color: 'gray' });
  if (summary.next?.skipped) badges.push({ label: t`Skipped`, color: 'gray' });
  if (summary.needsAttention) badges.push({ label: t`Needs your attention`, color: 'orange' });
  return badges;
}

/** Whether the weekly basket still runs (may be skipped, paused or changed). */
export function isRunning(summary: Pick<TStandingOrderSummary, 'status'>): boolean {
  return summary.status === 'active' || summary.status === 'paused';
}

const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long' };

/**
 * A farm slot offered as the pattern of a weekly basket: "Every Wednesday, 14:00–17:00" and its
 * first day "first on 25 Nov" (the slot's own day).
 */
export function slotChoiceLabel(slot: Pick<TDeliverySlot, 'startsAt' | 'endsAt'>, options?: FormatOptions): { title: string; first: string } {
  const weekday = formatFields(slot.startsAt, options, WEEKDAY);
  const from = formatTime(slot.startsAt, options);
  const to = formatTime(slot.endsAt, options);
  const day = formatFields(slot.startsAt, options, { day: 'numeric', month: 'short' });
  return { title: t`Every ${weekday}, ${from}–${to}`, first: t`First on ${day}` };
}

/** The rhythm of a weekly basket: "Every week" or "Every 2 weeks". */
export function intervalLabel(intervalWeeks: 1 | 2): string {
  return intervalWeeks === 1 ? t`Every week` : t`Every 2 weeks`;
}

/** The weekday and time of the pattern (minute of the week from Monday 00:00, market time: UTC). */
export function patternLabel(slotMinuteOfWeek: number, options?: Pick<FormatOptions, 'locale'>): string {
  // 5 January 1970 was a Monday.
  const moment = Date.UTC(1970, 0, 5) + slotMinuteOfWeek * 60_000;
  const weekday = formatFields(moment, { locale: options?.locale, timeZone: 'UTC' }, WEEKDAY);
  const time = formatTime(moment, { locale: options?.locale, timeZone: 'UTC' });
  return t`${weekday} at ${time}`;
}
