import { msg, plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { formatDateTime, formatMoney, formatNumber, formatTimeRange, type FormatOptions } from '../../../lib/format';
import type { TDeliveryTask, TDeliveryTaskListItem } from '@pulse/contract/delivery';

/** "3.2 km", "850 m", or "distance unknown". */
export function formatKm(i18n: I18n, km: number | null): string {
  if (km === null) return i18n._(msg`distance unknown`);
  if (km < 1) {
    const metres = formatNumber(Math.max(10, Math.round((km * 1000) / 10) * 10), 0);
    return i18n._(msg`${metres} m`);
  }
  const distance = km < 10 ? formatNumber(Math.round(km * 10) / 10, 1) : formatNumber(Math.round(km), 0);
  return i18n._(msg`${distance} km`);
}

/** "3 items · 4.5 kg" (weight only when known). */
export function formatTaskSize(i18n: I18n, size: TDeliveryTaskListItem['size']): string {
  const count = size.itemCount;
  if (size.weightKg === null || size.weightKg === 0) return i18n._(msg`${plural(count, { one: '# item', other: '# items' })}`);
  const weight = formatNumber(size.weightKg, 1);
  return i18n._(msg`${plural(count, { one: '# item', other: '# items' })} · ${weight} kg`);
}

/** "Tue 3 Mar, 09:00–11:00" in the viewer's zone and locale, or "No window set" (`format` for tests). */
export function formatTaskWindow(i18n: I18n, startsAt: string | null, endsAt: string | null, format?: FormatOptions): string {
  if (!startsAt) return i18n._(msg`No window set`);
  return endsAt ? formatTimeRange(startsAt, endsAt, format) : formatDateTime(startsAt, format);
}

export function formatFee(task: Pick<TDeliveryTaskListItem, 'feeMinor' | 'currency'>): string {
  return formatMoney(task.feeMinor, task.currency);
}

/** What the agent does next with a task it holds, in one line. */
export function nextStepText(i18n: I18n, task: Pick<TDeliveryTask, 'status' | 'nextStep'>): string {
  if (task.status === 'claimed') return i18n._(msg`Go to the farm and enter the pickup code the farm shows you`);
  if (task.status === 'in_transit') return i18n._(msg`Take the order to the buyer and enter their confirmation code`);
  if (task.status === 'delivered') return i18n._(msg`Delivered: the fee is in your wallet`);
  if (task.status === 'failed') return i18n._(msg`Attempt failed: the farm decides on a new attempt or a return`);
  if (task.status === 'returned') return i18n._(msg`Returned to the farm`);
  if (task.status === 'cancelled') return i18n._(msg`Cancelled`);
  return i18n._(msg`Claim it to deliver it`);
}

/** Whether the street and phone of the drop-off are included (the holding agent, task not ended). */
export function hasFullDropOff(dropOff: TDeliveryTask['dropOff']): dropOff is Extract<TDeliveryTask['dropOff'], { line1: string }> {
  return 'line1' in dropOff;
}

/** Delivered out of ended tasks, as a whole percentage, or null before any task ended. */
export function completionRate(delivered: number, ended: number): number | null {
  if (ended <= 0) return null;
  return Math.round((delivered / ended) * 100);
}

export interface NavigationLinks {
  /** Turn-by-turn directions from where the agent is (opens the maps app on phones, the site elsewhere). */
  directions: string;
  /** The standard geo: URI (RFC 5870): Android offers every installed map app for it. */
  geo: string;
}

/** Links that navigate to a point of a task, or null while the point has no coordinates. */
export function navigationLinks(point: { lat: number | null; lng: number | null }, label: string): NavigationLinks | null {
  if (point.lat === null || point.lng === null || !Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
  // Six decimals are ~10 cm: precise enough for a door, and a stable, readable URL.
  const where = `${Number(point.lat.toFixed(6))},${Number(point.lng.toFixed(6))}`;
  return {
    directions: `https://www.google.com/maps/dir/?api=1&destination=${where}`,
    geo: `geo:${where}?q=${where}(${encodeURIComponent(label)})`,
  };
}
