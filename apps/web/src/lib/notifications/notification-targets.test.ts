import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { notificationTitles } from '@pulse/contract/notifications';
import { getNotificationTitle } from './notification-targets';

describe('notification toast titles', () => {
  it.each([
    ['post_comment', 'New Comment'],
    ['comment_reply', 'New Reply'],
    ['like', 'New Like'],
    ['tip', 'New Tip'],
    ['report', 'New Report'],
    ['new_message', 'New Message'],
    ['order_update', 'Order Update'],
    ['application_update', 'Application Update'],
    ['delivery_update', 'Delivery Update'],
    ['announcement', 'Announcement'],
    ['payout_sent', 'Payout Sent'],
    ['payout_failed', 'Payout Failed'],
    ['payout_returned', 'Payout Returned'],
  ] as const)('%s reads "%s"', (type, title) => {
    expect(getNotificationTitle(type, i18n)).toBe(title);
    expect(getNotificationTitle(type, i18n)).toBe(notificationTitles[type]);
  });
});
