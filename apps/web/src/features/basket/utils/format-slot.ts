interface SlotTimes {
  startsAt: string;
  endsAt: string;
  cutoffAt: string;
}

interface FormatOptions {
  locale?: string;
  timeZone?: string;
}

/** "Tue 24 Nov, 09:00–12:00": the day once, then the window. */
export function formatSlotWindow(slot: Pick<SlotTimes, 'startsAt' | 'endsAt'>, options: FormatOptions = {}): string {
  const day = new Intl.DateTimeFormat(options.locale ?? 'en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: options.timeZone });
  const time = new Intl.DateTimeFormat(options.locale ?? 'en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: options.timeZone });
  const start = new Date(slot.startsAt);
  const end = new Date(slot.endsAt);
  const sameDay = day.format(start) === day.format(end);
  return sameDay
    ? `${day.format(start)}, ${time.format(start)}–${time.format(end)}`
    : `${day.format(start)} ${time.format(start)} – ${day.format(end)} ${time.format(end)}`;
}

/** "Order by Mon 23 Nov, 18:00". */
export function formatSlotCutoff(slot: Pick<SlotTimes, 'cutoffAt'>, options: FormatOptions = {}): string {
  const format = new Intl.DateTimeFormat(options.locale ?? 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: options.timeZone,
  });
  return `Order by ${format.format(new Date(slot.cutoffAt))}`;
}
