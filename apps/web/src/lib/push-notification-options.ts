/** Spec §4: system notifications use the logo icon, a badge image and vibration 100/50/100. */
export const SYSTEM_NOTIFICATION_ICON = '/brand/logo.svg';
export const SYSTEM_NOTIFICATION_BADGE = '/brand/badge.svg';
export const SYSTEM_NOTIFICATION_VIBRATION: readonly number[] = [100, 50, 100];

/** NotificationOptions as browsers take them; TypeScript's DOM types leave out `vibrate`. */
export interface SystemNotificationOptions extends NotificationOptions {
  vibrate: number[];
  data: { url: string };
}

export interface SystemNotificationInput {
  title: string;
  body: string;
  /** Path of this app opened by a click on the notification. */
  url: string;
  /**
   * Replaces an earlier notification with the same tag instead of stacking; pass the notification
   * id, so the open tab's notification and the web push for the same event show once.
   */
  tag?: string;
}

/** The same options the service worker uses for a push (public/sw.js), so both look alike. */
export function buildSystemNotificationOptions(input: SystemNotificationInput): SystemNotificationOptions {
  return {
    body: input.body,
    icon: SYSTEM_NOTIFICATION_ICON,
    badge: SYSTEM_NOTIFICATION_BADGE,
    vibrate: [...SYSTEM_NOTIFICATION_VIBRATION],
    data: { url: input.url },
    ...(input.tag ? { tag: input.tag } : {}),
  };
}
