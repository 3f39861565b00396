import type { TOrderAction } from '@pulse/contract/orders';
import { isApiError } from '../../../lib/api-error';

/** The toast after a step went through. */
export const ACTION_DONE: Partial<Record<TOrderAction, string>> = {
  accept: 'Order accepted. The buyer was told.',
  mark_ready: 'Marked ready. The buyer was told.',
  hand_over: 'Handed over.',
  mark_delivered: 'Marked delivered.',
  approve_refund: 'Refund approved. The money is back in the buyer’s wallet.',
  reject_refund: 'Refund refused.',
  contest_refund: 'Refund contested. Pulse Market support will decide.',
  cancel: 'Order cancelled. The buyer got the money back.',
};

/**
 * What to say when a step failed. 409 means the order moved on meanwhile (the buyer cancelled, a
 * timer ran, another tab acted): the lists are refreshed and the message says so. Outages already got
 * the catalogue's toast, so they return null.
 */
export function describeActionFailure(error: unknown): string | null {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  if (error.status === null || error.status >= 500) return null;
  if (error.status === 409) return `The order changed: ${error.message} The list is up to date now.`;
  if (error.status === 404) return 'This order is no longer yours to act on. The list is up to date now.';
  return error.message;
}
