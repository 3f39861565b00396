import { describe, expect, it } from 'vitest';
import { sanitizeRedirectTarget } from './redirect-target';

describe('sanitizeRedirectTarget', () => {
  it.each([
    ['/basket', '/basket'],
    ['/order/42?tab=delivery', '/order/42?tab=delivery'],
    ['/hub/feed#latest', '/hub/feed#latest'],
    ['/a/../wallet', '/wallet'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(sanitizeRedirectTarget(value)).toBe(expected);
  });

  it.each([null, undefined, '', 'basket', 'https://evil.example/', '//evil.example/path', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)'])(
    'returns null for %j',
    (value) => {
      expect(sanitizeRedirectTarget(value)).toBeNull();
    },
  );

  it('keeps percent-encoded characters as inert path text on this origin', () => {
    expect(sanitizeRedirectTarget('/%0A/evil.example')).toBe('/%0A/evil.example');
  });

  it('refuses the login page so a redirect cannot loop', () => {
    expect(sanitizeRedirectTarget('/login?redirect=/login')).toBeNull();
  });
});
