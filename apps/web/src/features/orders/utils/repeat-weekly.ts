import type { TOrderSummary } from '@pulse/contract/orders';

/** Orders a buyer may repeat as a weekly basket: paid and on their way, or completed (not unpaid, cancelled or refunded). */
const REPEATABLE: ReadonlySet<TOrderSummary['status']> = new Set(['paid', 'accepted', 'ready', 'in_transit', 'delivered', 'completed']);

export function canRepeatWeekly(status: TOrderSummary['status']): boolean {
  return REPEATABLE.has(status);
}
