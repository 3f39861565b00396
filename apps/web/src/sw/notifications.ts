import { NAVIGATE } from './messages';
import { buildPushNotification, readPushMessage, resolveAppUrl } from './push-message';

declare const self: ServiceWorkerGlobalScope;

export function showPushNotification(event: PushEvent): Promise<void> {
  const { title, options } = buildPushNotification(readPushMessage(event.data));
  return self.registration.showNotification(title, options);
}

/** Focuses a tab of this app (the focused one first) and takes it to `target`, or opens one. */
async function openAppUrl(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const appWindows = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const client = appWindows.find((candidate) => candidate.focused) ?? appWindows[0];
  if (!client) {
    await self.clients.openWindow(target);
    return;
  }
  const focused = await client.focus();
  if (focused.url === target) return;
  try {
    await focused.navigate(target);
  } catch {
    // navigate() works only on a tab this worker controls; the page does it itself otherwise.
    focused.postMessage({ type: NAVIGATE, url: target });
  }
}

export function openNotificationTarget(event: NotificationEvent): Promise<void> {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return openAppUrl(resolveAppUrl(url, self.location.origin));
}
