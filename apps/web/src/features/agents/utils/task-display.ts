import { formatDateTime, formatMoney, formatTimeRange, type FormatOptions } from '../../../lib/format';
import type { TDeliveryTask, TDeliveryTaskListItem } from '@pulse/contract/delivery';

/** "3.2 km", "850 m", or "distance unknown". */
export function formatKm(km: number | null): string {
  if (km === null) return 'distance unknown';
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

/** "3 items · 4.5 kg" (weight only when known). */
export function formatTaskSize(size: TDeliveryTaskListItem['size']): string {
  const items = `${size.itemCount} ${size.itemCount === 1 ? 'item' : 'items'}`;
  return size.weightKg === null || size.weightKg === 0 ? items : `${items} · ${Number(size.weightKg.toFixed(1))} kg`;
}

/** "Tue 3 Mar, 09:00–11:00" in the viewer's zone and locale, or "No window set" (`format` for tests). */
export function formatTaskWindow(startsAt: string | null, endsAt: string | null, format?: FormatOptions): string {
  if (!startsAt) return 'No window set';
  return endsAt ? formatTimeRange(startsAt, endsAt, format) : formatDateTime(startsAt, format);
}

export function formatFee(task: Pick<TDeliveryTaskListItem, 'feeMinor' | 'currency'>): string {
  return formatMoney(task.feeMinor, task.currency);
}

/** What the agent does next with a task it holds, in one line. */
export function nextStepText(task: Pick<TDeliveryTask, 'status' | 'nextStep'>): string {
  if (task.status === 'claimed') return 'Go to the farm and enter the pickup code the farm shows you';
  if (task.status === 'in_transit') return 'Take the order to the buyer and enter their confirmation code';
  if (task.status === 'delivered') return 'Delivered: the fee is in your wallet';
  if (task.status === 'failed') return 'Attempt failed: the farm decides on a new attempt or a return';
  if (task.status === 'returned') return 'Returned to the farm';
  if (task.status === 'cancelled') return 'Cancelled';
  return 'Claim it to deliver it';
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
