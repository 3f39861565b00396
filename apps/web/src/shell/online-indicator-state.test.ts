import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  BACK_ONLINE_MESSAGE,
  OFFLINE_MESSAGE,
  SERVER_NOT_ANSWERING_MESSAGE,
  describeOnlineIndicator,
  describeSavedData,
  getInitialOnlineIndicatorState,
  reduceOnlineIndicatorState,
} from './online-indicator-state';

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

describe('online indicator text', () => {
  const NOW = Date.parse('2025-03-03T15:30:00Z');
  const TODAY_14_02 = Date.parse('2025-03-03T14:02:00Z');
  const YESTERDAY = Date.parse('2025-03-02T09:15:00Z');
  const GB = { locale: 'en-GB', timeZone: 'UTC' };

  it('says nothing online while every answer is live', () => {
    expect(describeOnlineIndicator('online', null, NOW, GB)).toBeNull();
  });

  it('keeps the spec offline sentence, and adds since when the data on screen was saved', () => {
    expect(describeOnlineIndicator('offline', null, NOW, GB)).toEqual({ tone: 'offline', lines: [i18n._(OFFLINE_MESSAGE)] });
    expect(describeOnlineIndicator('offline', TODAY_14_02, NOW, GB)).toEqual({
      tone: 'offline',
      lines: [i18n._(OFFLINE_MESSAGE), 'Showing saved data from 14:02.'],
    });
  });

  it('names the day for data saved before today, and says only "saved" when the time is unknown', () => {
    expect(describeSavedData(YESTERDAY, NOW, GB)).toBe('Showing saved data from Sun 2 Mar, 09:15.');
    expect(describeSavedData(YESTERDAY, NOW, { locale: 'en-US', timeZone: 'UTC' }).replace(/\u202f/g, ' ')).toBe('Showing saved data from Sun, Mar 2, 9:15 AM.');
    expect(describeSavedData(0, NOW, GB)).toBe('Showing saved data.');
  });

  it('online, saved data means the server did not answer; "Back online" stays as it was', () => {
    expect(describeOnlineIndicator('online', TODAY_14_02, NOW, GB)).toEqual({
      tone: 'saved',
      lines: [i18n._(SERVER_NOT_ANSWERING_MESSAGE), 'Showing saved data from 14:02.'],
    });
    expect(describeOnlineIndicator('back-online', TODAY_14_02, NOW, GB)).toEqual({ tone: 'back-online', lines: [i18n._(BACK_ONLINE_MESSAGE)] });
  });
});
