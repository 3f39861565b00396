import { describe, expect, it } from 'vitest';
import { buildPushNotification, readPushMessage, resolveAppUrl } from './push-message';

function payload(text: string) {
  return { json: () => JSON.parse(text) as unknown, text: () => text };
}

describe('push messages', () => {
  it('shows the server title, body and target with the logo, badge and 100/50/100 vibration (spec §4)', () => {
    const message = readPushMessage(payload('{"title":"Order paid","body":"Order 12 is paid","url":"/order/12","tag":"n-1"}'));
    expect(buildPushNotification(message)).toEqual({
      title: 'Order paid',
      options: {
        body: 'Order 12 is paid',
        icon: '/brand/logo.svg',
        badge: '/brand/badge.svg',
        vibrate: [100, 50, 100],
        data: { url: '/order/12' },
        tag: 'n-1',
      },
    });
  });

  it('still shows something sensible without data, with plain text or with an incomplete object', () => {
    expect(readPushMessage(null)).toEqual({ title: 'Pulse Market', body: '', url: '/notifications' });
    expect(readPushMessage(payload('Your order shipped'))).toEqual({ title: 'Pulse Market', body: 'Your order shipped', url: '/notifications' });
    expect(readPushMessage(payload('{"title":"","body":7}'))).toEqual({ title: 'Pulse Market', body: '', url: '/notifications' });
  });

  it('a click only ever opens an address of this app', () => {
    const origin = 'https://market.example';
    expect(resolveAppUrl('/order/12', origin)).toBe('https://market.example/order/12');
    expect(resolveAppUrl('https://evil.example/phish', origin)).toBe('https://market.example/');
    expect(resolveAppUrl(undefined, origin)).toBe('https://market.example/');
  });
});
