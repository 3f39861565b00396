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
