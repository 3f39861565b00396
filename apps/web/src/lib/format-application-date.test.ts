import { describe, expect, it } from 'vitest';
import { formatApplicationDate } from './format-application-date';

describe('formatApplicationDate', () => {
  it('shows the day in the viewer time zone', () => {
    expect(formatApplicationDate('2026-03-12T23:30:00.000Z', 'en-GB', 'UTC')).toBe('12 March 2026');
    expect(formatApplicationDate('2026-03-12T23:30:00.000Z', 'en-GB', 'Africa/Nairobi')).toBe('13 March 2026');
  });
});
