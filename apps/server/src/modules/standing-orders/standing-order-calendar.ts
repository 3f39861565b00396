import { STANDING_ORDER_SLOT_SEARCH_HOURS } from '@pulse/contract/standing-orders';

/**
 * The calendar of weekly baskets (decision 064), pure functions of dates. Times are UTC, the
 * market's time (Africa/Accra: no offset, no summer time). A standing order's pattern is the minute
 * of the week its first slot starts at (0 = Monday 00:00); cycle n falls on startsOn + n x interval
 * weeks, and its slot is the farm's slot of the same method nearest that day's pattern time.
 */

const MINUTES_PER_DAY = 1_440;
const DAY_MS = 86_400_000;

/** Minute of the week of an instant: Monday 00:00 UTC is 0, Sunday 23:59 is 10,079. */
export function minuteOfWeek(at: Date): number {
  const mondayBased = (at.getUTCDay() + 6) % 7;
  return mondayBased * MINUTES_PER_DAY + at.getUTCHours() * 60 + at.getUTCMinutes();
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export interface CycleRhythm {
  startsOn: string;
  intervalWeeks: number;
  endsOn: string | null;
  slotMinuteOfWeek: number;
}

/** Whether `day` is one of the rhythm's cycle days (on or after startsOn, a whole number of intervals later, not after endsOn). */
export function isCycleDay(rhythm: CycleRhythm, day: string): boolean {
  const offset = daysBetween(rhythm.startsOn, day);
  if (offset < 0 || offset % (7 * rhythm.intervalWeeks) !== 0) return false;
  return rhythm.endsOn === null || day <= rhythm.endsOn;
}

/** The first cycle day on or after `day`, or null when the rhythm ended before it. */
export function firstCycleDayOnOrAfter(rhythm: CycleRhythm, day: string): string | null {
  const step = 7 * rhythm.intervalWeeks;
  const offset = daysBetween(rhythm.startsOn, day);
  const cycles = offset <= 0 ? 0 : Math.ceil(offset / step);
  const found = addDays(rhythm.startsOn, cycles * step);
  return rhythm.endsOn !== null && found > rhythm.endsOn ? null : found;
}

/** The cycle days from `from` to `to`, both included, oldest first. */
export function cycleDaysBetween(rhythm: CycleRhythm, from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = firstCycleDayOnOrAfter(rhythm, from); day !== null && day <= to; day = firstCycleDayOnOrAfter(rhythm, addDays(day, 1))) days.push(day);
  return days;
}

/** The instant the pattern names on a cycle day: that day at the pattern's time of day. */
export function patternInstant(rhythm: Pick<CycleRhythm, 'slotMinuteOfWeek'>, cycleDay: string): Date {
  return new Date(Date.parse(`${cycleDay}T00:00:00Z`) + (rhythm.slotMinuteOfWeek % MINUTES_PER_DAY) * 60_000);
}

/**
 * The slot a cycle takes: of the candidates (the caller passes the farm's open slots of the order's
 * method), the one starting nearest the pattern instant, at most STANDING_ORDER_SLOT_SEARCH_HOURS
 * away; on a tie the earlier one. Null when the farm has none that week.
 */
export function chooseCycleSlot<Slot extends { startsAt: Date; id: string }>(candidates: readonly Slot[], pattern: Date): Slot | null {
  const limitMs = STANDING_ORDER_SLOT_SEARCH_HOURS * 3_600_000;
  let best: Slot | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const slot of candidates) {
    const distance = Math.abs(slot.startsAt.getTime() - pattern.getTime());
    if (distance > limitMs) continue;
    if (distance < bestDistance || (distance === bestDistance && best !== null && slot.startsAt.getTime() < best.startsAt.getTime())) {
      best = slot;
      bestDistance = distance;
    }
  }
  return best;
}
