import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TNotificationType } from '@pulse/contract/notifications';

/**
 * Toast and list titles: spec §4 for the Pulse Hub types, the product design for the others. The
 * English texts are the contract's `notificationTitles` (a test keeps them equal).
 */
const NOTIFICATION_TITLES: Readonly<Record<TNotificationType, MessageDescriptor>> = {
  post_comment: msg`New Comment`,
  comment_reply: msg`New Reply`,
  like: msg`New Like`,
  tip: msg`New Tip`,
  report: msg`New Report`,
  new_message: msg`New Message`,
  order_update: msg`Order Update`,
  application_update: msg`Application Update`,
  delivery_update: msg`Delivery Update`,
  announcement: msg`Announcement`,
  payout_sent: msg`Payout Sent`,
  payout_failed: msg`Payout Failed`,
  payout_returned: msg`Payout Returned`,
  standing_order_update: msg`Weekly Basket`,
};

/** The title of a notification type in the reader's language. */
export function getNotificationTitle(type: TNotificationType, i18n: I18n): string {
  return i18n._(NOTIFICATION_TITLES[type]);
}
