import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { TSystemQueueName } from '@pulse/contract/system';

const QUEUE_LABELS: Readonly<Record<TSystemQueueName, MessageDescriptor>> = {
  'order-timers': msg`Order timers`,
  'mail-outbox': msg`Mail outbox`,
  'message-digests': msg`Message digests`,
  'payment-reconciliation': msg`Payment checks`,
  'payment-events': msg`Payment provider events`,
};

const QUEUE_PURPOSES: Readonly<Record<TSystemQueueName, MessageDescriptor>> = {
  'order-timers': msg`Every 30 seconds: lapses unpaid orders, completes delivered ones, places weekly baskets.`,
  'mail-outbox': msg`Every 5 seconds and after each new mail: sends the mails that are due.`,
  'message-digests': msg`Every 15 minutes: the daily e-mail of unread messages.`,
  'payment-reconciliation': msg`Every 30 seconds: asks the payment provider about payments still undecided.`,
  'payment-events': msg`After each call from the payment provider: acts on what it reported.`,
};

/** A queue's name in words, and what it does. */
export function describeQueue(i18n: I18n, queue: TSystemQueueName): { label: string; purpose: string } {
  return { label: i18n._(QUEUE_LABELS[queue]), purpose: i18n._(QUEUE_PURPOSES[queue]) };
}
