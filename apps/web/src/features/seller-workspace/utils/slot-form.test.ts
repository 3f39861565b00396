import { describe, expect, it } from 'vitest';
import { buildSlotInput, defaultSlotValues, toLocalInputValue } from './slot-form';

describe('buildSlotInput', () => {
  const start = new Date(2030, 0, 15, 9, 0);
  const base = { method: 'pickup' as const, startsAt: toLocalInputValue(start), endsAt: toLocalInputValue(new Date(2030, 0, 15, 12, 0)), cutoffHours: 2, capacity: '' };

  it('turns local times into the contract input with the cut-off before the start', () => {
    const result = buildSlotInput(base);
    expect(result).toEqual({
      ok: true,
      input: {
        method: 'pickup',
        startsAt: start.toISOString(),
        endsAt: new Date(2030, 0, 15, 12, 0).toISOString(),
        cutoffAt: new Date(2030, 0, 15, 7, 0).toISOString(),
        capacity: null,
      },
    });
  });

  it('names the end field when the slot ends before it starts', () => {
    const result = buildSlotInput({ ...base, endsAt: toLocalInputValue(new Date(2030, 0, 15, 8, 0)) });
    expect(result).toEqual({ ok: false, fields: { endsAt: 'The slot must end after it starts' } });
  });

  it('asks for a start time and a sensible capacity', () => {
    const result = buildSlotInput({ ...base, startsAt: '', capacity: '0' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fields.startsAt).toBe('Enter a start time');
      expect(result.fields.capacity).toMatch(/whole number/);
    }
  });

  it('keeps a capacity limit', () => {
    const result = buildSlotInput({ ...base, capacity: '12' });
    expect(result.ok && result.input.capacity).toBe(12);
  });
});

describe('defaultSlotValues', () => {
  it('proposes tomorrow morning, three hours long', () => {
    const values = defaultSlotValues(new Date(2030, 0, 15, 18, 30));
    expect(values.startsAt).toBe('2030-01-16T09:00');
    expect(values.endsAt).toBe('2030-01-16T12:00');
  });
});
