import { notificationTitles, type TNotificationType } from '@pulse/contract/notifications';

/** Toast and list titles: spec §4 for the Pulse Hub types, the product design for the others. */
export function getNotificationTitle(type: TNotificationType): string {
  return notificationTitles[type];
}
