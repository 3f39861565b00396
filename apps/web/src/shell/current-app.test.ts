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
});
