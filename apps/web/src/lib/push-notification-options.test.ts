import { describe, expect, it } from 'vitest';
import { buildSystemNotificationOptions } from './push-notification-options';

describe('buildSystemNotificationOptions', () => {
  it('uses the logo icon, the badge image, vibration 100/50/100 and keeps the click target', () => {
    expect(buildSystemNotificationOptions({ title: 'New Like', body: 'Ada liked your post', url: '/hub/notifications', tag: 'n-1' })).toEqual({
      body: 'Ada liked your post',
      icon: '/brand/logo.svg',
      badge: '/brand/badge.svg',
      vibrate: [100, 50, 100],
      data: { url: '/hub/notifications' },
      tag: 'n-1',
    });
  });

  it('leaves the tag out when none is given, so each notification shows', () => {
    expect(buildSystemNotificationOptions({ title: 'Order Update', body: 'Shipped', url: '/pulse/o-1' })).not.toHaveProperty('tag');
  });
});
