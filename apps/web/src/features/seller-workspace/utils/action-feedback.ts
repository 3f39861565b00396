import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { TOrderAction } from '@pulse/contract/orders';
import { isApiError } from '../../../lib/api-error';

/** The toast after a step went through; read with `i18n._(ACTION_DONE[action])`. */
export const ACTION_DONE: Partial<Record<TOrderAction, MessageDescriptor>> = {
  accept: msg`Order accepted. The buyer was told.`,
  mark_ready: msg`Marked ready. The buyer was told.`,
  hand_over: msg`Handed over.`,
  mark_delivered: msg`Marked delivered.`,
  approve_refund: msg`Refund approved. The money is back in the buyer’s wallet.`,
  reject_refund: msg`Refund refused.`,
  contest_refund: msg`Refund contested. Pulse Market support will decide.`,
  cancel: msg`Order cancelled. The buyer got the money back.`,
};

/**
 * What to say when a step failed. 409 means the order moved on meanwhile (the buyer cancelled, a
 * timer ran, another tab acted): the lists are refreshed and the message says so. Outages already got
 * the catalogue's toast, so they return null. Called when the step fails, so the active language's
 * texts are read then.
 */
export function describeActionFailure(error: unknown): string | null {
  if (!isApiError(error)) return t`Something went wrong. Please try again.`;
  if (error.status === null || error.status >= 500) return null;
  if (error.status === 409) {
    const reason = error.message;
    return t`The order changed: ${reason} The list is up to date now.`;
  }
  if (error.status === 404) return t`This order is no longer yours to act on. The list is up to date now.`;
  return error.message;
}
