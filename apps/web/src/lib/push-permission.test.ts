import { describe, expect, it } from 'vitest';
import { readPushSupport, toPushPermissionState } from './push-permission';

describe('toPushPermissionState', () => {
  it("keeps the browser's three permission states", () => {
    expect(toPushPermissionState('granted')).toBe('granted');
    expect(toPushPermissionState('denied')).toBe('denied');
    expect(toPushPermissionState('default')).toBe('default');
  });

  it('treats any other answer as an error', () => {
    expect(toPushPermissionState(undefined)).toBe('error');
    expect(toPushPermissionState('prompt')).toBe('error');
    expect(toPushPermissionState(42)).toBe('error');
  });
});

describe('readPushSupport', () => {
  it('is unsupported without a window or without the Notification API', () => {
    expect(readPushSupport(undefined)).toEqual({ notifications: false, push: false });
    expect(readPushSupport({ navigator: { serviceWorker: {} }, PushManager: class {} })).toEqual({ notifications: false, push: false });
  });

  it('allows system notifications but no push without a service worker or PushManager', () => {
    expect(readPushSupport({ Notification: class {}, navigator: {} , PushManager: class {} })).toEqual({ notifications: true, push: false });
    expect(readPushSupport({ Notification: class {}, navigator: { serviceWorker: {} } })).toEqual({ notifications: true, push: false });
  });

  it('allows push when the browser has all three', () => {
    expect(readPushSupport({ Notification: class {}, PushManager: class {}, navigator: { serviceWorker: {} } })).toEqual({
      notifications: true,
      push: true,
    });
  });
});
