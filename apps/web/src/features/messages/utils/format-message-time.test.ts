import { describe, expect, it } from 'vitest';
import { formatChatDayLabel, formatConversationTime, formatMessageClock, isNewChatDay } from './format-message-time';

const ZONE = 'Africa/Accra';
// Sunday 22 November 2026, 15:00 in Accra (UTC+0).
const NOW = Date.parse('2026-11-22T15:00:00.000Z');

describe('message times', () => {
  it('shows the clock under a bubble', () => {
    expect(formatMessageClock('2026-11-22T14:05:00.000Z', ZONE)).toBe('2:05 PM');
  });

  it('shows the clock for today, then Yesterday, the weekday and the date in the conversation list', () => {
    expect(formatConversationTime('2026-11-22T09:30:00.000Z', NOW, ZONE)).toBe('9:30 AM');
    expect(formatConversationTime('2026-11-21T23:59:00.000Z', NOW, ZONE)).toBe('Yesterday');
    expect(formatConversationTime('2026-11-18T10:00:00.000Z', NOW, ZONE)).toBe('Wed');
    expect(formatConversationTime('2026-10-02T10:00:00.000Z', NOW, ZONE)).toBe('Oct 2');
    expect(formatConversationTime('2025-10-02T10:00:00.000Z', NOW, ZONE)).toBe('Oct 2, 2025');
  });

  it('counts calendar days in the viewer’s time zone, not 24-hour spans', () => {
    // 23:30 the day before in Accra is "Yesterday" even though it is only 15.5 hours ago.
    expect(formatChatDayLabel('2026-11-21T23:30:00.000Z', NOW, ZONE)).toBe('Yesterday');
    // 05:00 UTC is this morning in Accra but still the evening before in Los Angeles.
    expect(formatChatDayLabel('2026-11-22T05:00:00.000Z', NOW, ZONE)).toBe('Today');
    expect(formatChatDayLabel('2026-11-22T05:00:00.000Z', NOW, 'America/Los_Angeles')).toBe('Yesterday');
  });

  it('labels chat days Today, Yesterday, a weekday, then a date', () => {
    expect(formatChatDayLabel('2026-11-22T08:00:00.000Z', NOW, ZONE)).toBe('Today');
    expect(formatChatDayLabel('2026-11-19T08:00:00.000Z', NOW, ZONE)).toBe('Thursday');
    expect(formatChatDayLabel('2026-11-01T08:00:00.000Z', NOW, ZONE)).toBe('Nov 1');
  });

  it('puts a day separator before the first message and between days only', () => {
    expect(isNewChatDay(null, '2026-11-22T08:00:00.000Z', ZONE)).toBe(true);
    expect(isNewChatDay('2026-11-22T08:00:00.000Z', '2026-11-22T20:00:00.000Z', ZONE)).toBe(false);
    expect(isNewChatDay('2026-11-21T20:00:00.000Z', '2026-11-22T08:00:00.000Z', ZONE)).toBe(true);
  });
});
