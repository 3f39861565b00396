import { describe, expect, it } from 'vitest';
import { formatBadgeCount, getBasketBadgeText } from './badge-text';

describe('formatBadgeCount', () => {
  it.each([0, -3, Number.NaN, null, undefined])('hides the badge for %s', (count) => {
    expect(formatBadgeCount(count)).toBeNull();
  });

  it.each([
    [1, '1'],
    [42, '42'],
    [99, '99'],
  ])('shows %i as "%s"', (count, text) => {
    expect(formatBadgeCount(count)).toBe(text);
  });

  it.each([100, 250, 10_000])('caps %i at "99+"', (count) => {
    expect(formatBadgeCount(count)).toBe('99+');
  });
});

describe('getBasketBadgeText', () => {
  it('shows the count for a signed-in buyer', () => {
    expect(getBasketBadgeText({ isSignedIn: true, mode: 'buyer', count: 5 })).toBe('5');
    expect(getBasketBadgeText({ isSignedIn: true, mode: 'buyer', count: 120 })).toBe('99+');
  });

  it('hides it in seller mode, for visitors and for an empty basket', () => {
    expect(getBasketBadgeText({ isSignedIn: true, mode: 'seller', count: 5 })).toBeNull();
    expect(getBasketBadgeText({ isSignedIn: false, mode: 'buyer', count: 5 })).toBeNull();
    expect(getBasketBadgeText({ isSignedIn: true, mode: 'buyer', count: 0 })).toBeNull();
  });
});
