import { i18n } from '@lingui/core';
import type { TNotification } from '@pulse/contract/notifications';
import { showSystemNotification } from '../../../lib/push';
import { getToastTarget } from '@pulse/contract/notification-targets';
import { getNotificationTitle } from '../../../lib/notifications/notification-targets';

/**
 * The system notification of spec §4 (logo icon, badge image, vibration 100/50/100), shown by
 * the push helper only when permission is granted. Tagged with the notification id, so the web
 * push for the same event replaces it instead of showing twice.
 */
export function showNotificationOnDevice(notification: TNotification): void {
  void showSystemNotification({
    title: getNotificationTitle(notification.type, i18n),
    body: notification.message,
    url: getToastTarget(notification),
    tag: notification.id,
  });
}
