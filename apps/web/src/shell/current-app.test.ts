import { describe, expect, it } from 'vitest';
import { getAppThemeName } from './app-theme';
import { APP_SWITCH_TARGETS, getCurrentApp } from './current-app';

describe('getCurrentApp', () => {
  it.each(['/hub', '/hub/feed', '/hub/notifications'])('is Pulse Hub on %s', (path) => {
    expect(getCurrentApp(path)).toBe('hub');
  });

  it.each(['/', '/product-listing', '/messages', '/pulse', '/hubris'])('is Marketplace on %s', (path) => {
    expect(getCurrentApp(path)).toBe('marketplace');
  });

  it('switches to the listing or the feed', () => {
    expect(APP_SWITCH_TARGETS).toEqual({ marketplace: '/product-listing', hub: '/hub/feed' });
  });
});

describe('getAppThemeName', () => {
  it('is green in buyer mode and orange in seller mode', () => {
    expect(getAppThemeName({ pathname: '/messages', mode: 'buyer' })).toBe('green');
    expect(getAppThemeName({ pathname: '/messages', mode: 'seller' })).toBe('orange');
  });

  it('is gold on Pulse Hub whatever the mode', () => {
    expect(getAppThemeName({ pathname: '/hub/feed', mode: 'buyer' })).toBe('gold');
    expect(getAppThemeName({ pathname: '/hub/feed', mode: 'seller' })).toBe('gold');
  });

  it("is gold on one's own Pulse and on a post (/pulse, /pulse/{id}), not on /pulse-assistant or /pulse-agents", () => {
    expect(getAppThemeName({ pathname: '/pulse', mode: 'seller' })).toBe('gold');
    expect(getAppThemeName({ pathname: '/pulse/0190a8d2-0000-7000-8000-000000000001', mode: 'buyer' })).toBe('gold');
    expect(getAppThemeName({ pathname: '/pulse-assistant', mode: 'buyer' })).toBe('green');
    expect(getAppThemeName({ pathname: '/pulse-agents', mode: 'seller' })).toBe('orange');
  });
});
