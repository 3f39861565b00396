import { describe, expect, it } from 'vitest';
import { chooseCycleSlot, cycleDaysBetween, firstCycleDayOnOrAfter, isCycleDay, minuteOfWeek, patternInstant } from './standing-order-calendar';

const weekly = { startsOn: '2026-12-03', intervalWeeks: 1, endsOn: null, slotMinuteOfWeek: 3 * 1_440 + 9 * 60 };

describe('weekly basket calendar', () => {
  it('counts the minute of the week from Monday 00:00 UTC', () => {
    expect(minuteOfWeek(new Date('2026-11-30T00:00:00Z'))).toBe(0);
    expect(minuteOfWeek(new Date('2026-12-03T09:00:00Z'))).toBe(3 * 1_440 + 540);
    expect(minuteOfWeek(new Date('2026-12-06T23:59:00Z'))).toBe(10_079);
  });

  it('finds the cycle days of a weekly and a fortnightly rhythm, up to the end day', () => {
    expect(cycleDaysBetween(weekly, '2026-11-01', '2026-12-24')).toEqual(['2026-12-03', '2026-12-10', '2026-12-17', '2026-12-24']);
    const fortnightly = { ...weekly, intervalWeeks: 2, endsOn: '2026-12-30' };
    expect(cycleDaysBetween(fortnightly, '2026-12-04', '2027-02-01')).toEqual(['2026-12-17']);
    expect(firstCycleDayOnOrAfter(fortnightly, '2026-12-18')).toBeNull();
    expect(isCycleDay(weekly, '2026-12-10')).toBe(true);
    expect(isCycleDay(weekly, '2026-12-11')).toBe(false);
    expect(isCycleDay(weekly, '2026-11-26')).toBe(false);
  });

  it('takes the farm slot nearest the pattern within the search window, the earlier on a tie, none when the farm has none', () => {
    const pattern = patternInstant(weekly, '2026-12-10');
    expect(pattern.toISOString()).toBe('2026-12-10T09:00:00.000Z');
    const slot = (id: string, startsAt: string) => ({ id, startsAt: new Date(startsAt) });
    const same = slot('same', '2026-12-10T09:00:00Z');
    const earlier = slot('earlier', '2026-12-10T07:00:00Z');
    const later = slot('later', '2026-12-10T11:00:00Z');
    const farAway = slot('far', '2026-12-14T09:00:00Z');
    expect(chooseCycleSlot([later, same, earlier], pattern)?.id).toBe('same');
    expect(chooseCycleSlot([later, earlier], pattern)?.id).toBe('earlier');
    expect(chooseCycleSlot([farAway], pattern)).toBeNull();
    expect(chooseCycleSlot([], pattern)).toBeNull();
  });
});
