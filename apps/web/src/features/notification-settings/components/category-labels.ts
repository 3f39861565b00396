import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TAlwaysSentMail, TNotificationCategory } from '@pulse/contract/notification-preferences';

/** Each category's name and what it covers, as the settings and unsubscribe pages show them. */
export const CATEGORY_LABELS: Readonly<Record<TNotificationCategory, { name: MessageDescriptor; about: MessageDescriptor }>> = {
  orders: { name: msg`Your orders`, about: msg`Accepted, ready, on its way, delivered or cancelled; refunds decided.` },
  shop_orders: { name: msg`Your shop's orders`, about: msg`New orders to accept and refunds requested (for farms).` },
  deliveries: { name: msg`Delivery tasks`, about: msg`Tasks assigned to you or released (for Pulse Agents).` },
  applications: { name: msg`Applications`, about: msg`Your seller or agent application decided.` },
  payouts: { name: msg`Payouts`, about: msg`Payouts that failed or came back.` },
  messages: { name: msg`Messages`, about: msg`New messages; by e-mail at most one daily summary of unread ones.` },
  hub: { name: msg`Pulse Hub`, about: msg`Comments, replies, likes and tips on your posts.` },
  announcements: { name: msg`Announcements`, about: msg`News from the market's team.` },
};

export const ALWAYS_SENT_LABELS: Readonly<Record<TAlwaysSentMail, { name: MessageDescriptor; about: MessageDescriptor }>> = {
  receipt: { name: msg`Receipts`, about: msg`Orders placed, wallet top-ups and payouts sent.` },
  security: { name: msg`Security`, about: msg`Password resets, address checks and changes to your sign-in.` },
};
