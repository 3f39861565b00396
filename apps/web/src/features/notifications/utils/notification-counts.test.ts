import { describe, expect, it } from 'vitest';
import { decrementUnreadCount, getCountKindOfSource, getCountKindsClearedBy, incrementUnreadCount } from './notification-counts';

describe('notification counts', () => {
  it('counts Pulse Hub notifications on the Hub count and the rest on the general count', () => {
    expect(getCountKindOfSource('pulse_hub')).toBe('pulse-hub');
    expect(getCountKindOfSource('marketplace')).toBe('general');
  });

  it('adds one per new notification once the count is known', () => {
    expect(incrementUnreadCount(0)).toBe(1);
    expect(incrementUnreadCount(99)).toBe(100);
  });

  it('leaves a count that has not loaded yet to its fetch', () => {
    expect(incrementUnreadCount(undefined)).toBeUndefined();
    expect(decrementUnreadCount(undefined)).toBeUndefined();
  });

  it('takes one off per read notification and never goes below 0', () => {
    expect(decrementUnreadCount(3)).toBe(2);
    expect(decrementUnreadCount(1)).toBe(0);
    expect(decrementUnreadCount(0)).toBe(0);
    expect(decrementUnreadCount(2, 5)).toBe(0);
  });

  it('clears both counts on allNotificationsRead without a source, else only that source', () => {
    expect(getCountKindsClearedBy({})).toEqual(['general', 'pulse-hub']);
    expect(getCountKindsClearedBy({ source: 'pulse_hub' })).toEqual(['pulse-hub']);
    expect(getCountKindsClearedBy({ source: 'marketplace' })).toEqual(['general']);
  });
});
