import { describe, expect, it } from 'vitest';
import { getAppColour, getAppThemeName } from './app-theme';

describe('getAppThemeName', () => {
  it('is green for buyers and orange for sellers in the marketplace', () => {
    expect(getAppThemeName({ pathname: '/product-listing', mode: 'buyer' })).toBe('green');
    expect(getAppThemeName({ pathname: '/seller-dashboard', mode: 'seller' })).toBe('orange');
    expect(getAppThemeName({ pathname: '/wallet', mode: 'seller' })).toBe('orange');
  });

  it('is gold on Pulse Hub and its posts in either mode', () => {
    for (const mode of ['buyer', 'seller'] as const) {
      expect(getAppThemeName({ pathname: '/hub/feed', mode })).toBe('gold');
      expect(getAppThemeName({ pathname: '/pulse', mode })).toBe('gold');
      expect(getAppThemeName({ pathname: '/pulse/abc', mode })).toBe('gold');
    }
    expect(getAppThemeName({ pathname: '/pulse-assistant', mode: 'seller' })).toBe('orange');
  });
});

describe('getAppColour', () => {
  it('paints the Marketplace in the mode colour and Pulse Hub gold', () => {
    expect(getAppColour('marketplace', 'buyer')).toBe('green');
    expect(getAppColour('marketplace', 'seller')).toBe('orange');
    expect(getAppColour('hub', 'buyer')).toBe('gold');
    expect(getAppColour('hub', 'seller')).toBe('gold');
  });
});
