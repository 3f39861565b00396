import { describe, expect, it } from 'vitest';
import { formatNotificationTime } from './format-notification-time';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

function ago(ms: number): string {
  return new Date(NOW - ms).toISOString();
}

describe('notification times', () => {
  it('reads "Just now" within the first minute', () => {
    expect(formatNotificationTime(ago(20_000), NOW)).toBe('Just now');
  });

  it('counts minutes, hours and days for the last week', () => {
    expect(formatNotificationTime(ago(5 * 60_000), NOW)).toBe('5 min. ago');
    expect(formatNotificationTime(ago(3 * 3_600_000), NOW)).toBe('3 hr. ago');
    expect(formatNotificationTime(ago(30 * 3_600_000), NOW)).toBe('Yesterday');
    expect(formatNotificationTime(ago(4 * 86_400_000), NOW)).toBe('4 days ago');
  });

  it('shows the date after a week, with the year only for another year', () => {
    expect(formatNotificationTime('2026-10-02T12:00:00.000Z', NOW)).toBe('Oct 2');
    expect(formatNotificationTime('2025-10-02T12:00:00.000Z', NOW)).toBe('Oct 2, 2025');
  });

  it('treats a clock slightly ahead of the server as now', () => {
    expect(formatNotificationTime(ago(-5_000), NOW)).toBe('Just now');
  });
});
