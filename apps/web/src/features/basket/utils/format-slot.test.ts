import { describe, expect, it } from 'vitest';
import { formatSlotCutoff, formatSlotWindow } from './format-slot';

const UTC = { timeZone: 'UTC' };

describe('slot wording', () => {
  it('names the day once for a window within one day', () => {
    expect(formatSlotWindow({ startsAt: '2026-11-24T09:00:00.000Z', endsAt: '2026-11-24T12:00:00.000Z' }, UTC)).toBe('Tue 24 Nov, 09:00–12:00');
  });

  it('names both days for a window over midnight', () => {
    expect(formatSlotWindow({ startsAt: '2026-11-24T22:00:00.000Z', endsAt: '2026-11-25T02:00:00.000Z' }, UTC)).toBe('Tue 24 Nov 22:00 – Wed 25 Nov 02:00');
  });

  it('says until when the slot can be chosen, in the buyer’s time zone', () => {
    expect(formatSlotCutoff({ cutoffAt: '2026-11-23T18:00:00.000Z' }, UTC)).toBe('Order by Mon 23 Nov, 18:00');
    expect(formatSlotCutoff({ cutoffAt: '2026-11-23T18:00:00.000Z' }, { timeZone: 'Africa/Accra' })).toBe('Order by Mon 23 Nov, 18:00');
    expect(formatSlotCutoff({ cutoffAt: '2026-11-23T18:00:00.000Z' }, { timeZone: 'Europe/Berlin' })).toBe('Order by Mon 23 Nov, 19:00');
  });
});
