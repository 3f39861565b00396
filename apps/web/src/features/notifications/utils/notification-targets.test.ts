import { describe, expect, it } from 'vitest';
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
  ] as const)('%s reads "%s"', (type, title) => {
    expect(getNotificationTitle(type)).toBe(title);
  });
});

