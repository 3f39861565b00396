import { deletePushSubscription } from '../features/push/api/delete-push-subscription';
import { getPushPublicKey } from '../features/push/api/get-push-public-key';
import { postPushSubscription } from '../features/push/api/post-push-subscription';
import { decodeBase64Url, isSameServerKey } from './push-keys';
import { buildSystemNotificationOptions, type SystemNotificationInput } from './push-notification-options';
import { readPushSupport, toPushPermissionState, type TPushPermissionState } from './push-permission';
import { getServiceWorkerRegistration } from './service-worker';

export type { TPushPermissionState } from './push-permission';

/** The current permission without asking (a button can show "Turn on" or "Blocked"). */
export function readPushPermission(): TPushPermissionState {
  if (!readPushSupport().notifications) return 'unsupported';
  return toPushPermissionState(Notification.permission);
}

/**
 * Asks for permission to show notifications (spec §4 Push permission). Must run from a user
 * gesture (a click): browsers ignore or penalise prompts that come from nowhere.
 */
export async function requestPushPermission(): Promise<TPushPermissionState> {
  if (!readPushSupport().notifications) return 'unsupported';
  if (Notification.permission === 'granted' || Notification.permission === 'denied') return Notification.permission;
  try {
    // Older Safari only calls back and returns undefined; newer browsers return a promise.
    const answer = await new Promise<NotificationPermission>((resolve, reject) => {
      const returned = Notification.requestPermission(resolve) as Promise<NotificationPermission> | undefined;
      if (returned) returned.then(resolve, reject);
    });
    return toPushPermissionState(answer);
  } catch (error) {
    console.error('Asking for notification permission failed', error);
    return 'error';
  }
}

async function findSubscription(registration: ServiceWorkerRegistration, serverKey: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing && isSameServerKey(existing.options.applicationServerKey, serverKey)) return existing;
  // Made with another server's key (e.g. the database was reset): the push service would refuse it.
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
}

/**
 * Turns on web push for the signed-in user on this browser: asks for permission if needed,
 * subscribes with the server's key and saves the subscription on the server. Returns "granted"
 * when pushes will arrive, otherwise the state that stopped it.
 */
export async function subscribeToPush(): Promise<TPushPermissionState> {
  if (!readPushSupport().push) return 'unsupported';
  const permission = await requestPushPermission();
  if (permission !== 'granted') return permission;
  try {
    const registration = await getServiceWorkerRegistration();
    if (!registration) return 'unsupported';
    const serverKey = decodeBase64Url(await getPushPublicKey());
    const subscription = (await findSubscription(registration, serverKey)).toJSON();
    if (!subscription.endpoint || !subscription.keys?.p256dh || !subscription.keys.auth) return 'error';
    await postPushSubscription({ endpoint: subscription.endpoint, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } });
    return 'granted';
  } catch (error) {
    console.error('Could not turn on push notifications', error);
    return 'error';
  }
}

/**
 * Stops web push on this browser: the server forgets the endpoint and the browser drops the
 * subscription. Call it on sign-out so the next person on this device gets no one else's pushes.
 * Returns whether a subscription was removed.
 */
export async function unsubscribeFromPush(): Promise<boolean> {
  if (!readPushSupport().push) return false;
  try {
    const registration = await getServiceWorkerRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return false;
    await deletePushSubscription(subscription.endpoint).catch((error: unknown) => {
      // 404: already gone on the server. Dropping it in the browser is what matters.
      console.warn('The server could not forget the push subscription', error);
    });
    return await subscription.unsubscribe();
  } catch (error) {
    console.error('Could not turn off push notifications', error);
    return false;
  }
}

/**
 * Shows a system notification while the app is open (spec §4: logo icon, badge image, vibration
 * 100/50/100), only when permission is granted. Through the service worker when there is one,
 * so a click is handled like a push's; otherwise with the page's Notification. Returns whether
 * one was shown.
 */
export async function showSystemNotification(input: SystemNotificationInput): Promise<boolean> {
  if (readPushPermission() !== 'granted') return false;
  const options = buildSystemNotificationOptions(input);
  try {
    const registration = await getServiceWorkerRegistration(1_000);
    if (registration) {
      await registration.showNotification(input.title, options);
      return true;
    }
    const notification = new Notification(input.title, options);
    notification.onclick = () => {
      window.focus();
      notification.close();
      if (window.location.pathname + window.location.search !== input.url) window.location.assign(input.url);
    };
    return true;
  } catch (error) {
    // Chrome on Android throws on `new Notification()`; the toast has already told the user.
    console.warn('Could not show a system notification', error);
    return false;
  }
}
