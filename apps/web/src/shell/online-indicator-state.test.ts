import { describe, expect, it } from 'vitest';
import { getInitialOnlineIndicatorState, reduceOnlineIndicatorState } from './online-indicator-state';

describe('online indicator state', () => {
  it('starts from navigator.onLine', () => {
    expect(getInitialOnlineIndicatorState(true)).toBe('online');
    expect(getInitialOnlineIndicatorState(false)).toBe('offline');
  });

  it('shows the banner when the connection drops and "Back online" when it returns, then nothing', () => {
    const offline = reduceOnlineIndicatorState('online', 'offline');
    expect(offline).toBe('offline');
    const back = reduceOnlineIndicatorState(offline, 'online');
    expect(back).toBe('back-online');
    expect(reduceOnlineIndicatorState(back, 'notice-ended')).toBe('online');
  });

  it('says nothing for an online event while already online, and drops the notice if the connection drops again', () => {
    expect(reduceOnlineIndicatorState('online', 'online')).toBe('online');
    expect(reduceOnlineIndicatorState('back-online', 'offline')).toBe('offline');
    expect(reduceOnlineIndicatorState('offline', 'notice-ended')).toBe('offline');
  });
});
