/**
 * What asking for notification permission can end in (spec §4 Push permission): the browser's
 * three states, plus "unsupported" (no Notification API, e.g. an iPhone browser outside a home
 * screen app) and "error" (the request itself failed).
 */
export type TPushPermissionState = 'default' | 'granted' | 'denied' | 'unsupported' | 'error';

/** The browser's answer as one of our states; anything unexpected counts as an error. */
export function toPushPermissionState(value: unknown): TPushPermissionState {
  if (value === 'granted' || value === 'denied' || value === 'default') return value;
  return 'error';
}

export interface PushSupport {
  /** Notification API present: the app can ask and show system notifications. */
  notifications: boolean;
  /** Service worker and PushManager present too: the server can push while the app is closed. */
  push: boolean;
}

/** Reads what the given window offers; `scope` is a parameter so tests can pass a stand-in. */
export function readPushSupport(scope: object | undefined = typeof window === 'undefined' ? undefined : window): PushSupport {
  if (!scope) return { notifications: false, push: false };
  const notifications = 'Notification' in scope;
  const navigatorObject = 'navigator' in scope ? (scope.navigator as object | undefined) : undefined;
  const push = notifications && 'PushManager' in scope && navigatorObject !== undefined && 'serviceWorker' in navigatorObject;
  return { notifications, push };
}
