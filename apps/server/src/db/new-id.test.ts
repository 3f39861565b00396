import { describe, expect, it } from 'vitest';
import { createId } from './new-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createId', () => {
  it('makes version 7 UUIDs that carry the creation millisecond', () => {
    const id = createId(Date.UTC(2026, 10, 25, 12, 0, 0, 123));
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 25, 12, 0, 0, 123));
  });

  it('sorts ids made in the same millisecond in the order they were made', () => {
    const now = Date.UTC(2027, 0, 1);
    const ids = Array.from({ length: 5000 }, () => createId(now));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });

  it('keeps sorting when the clock steps back', () => {
    const first = createId(Date.UTC(2028, 0, 1, 0, 0, 1));
    const second = createId(Date.UTC(2028, 0, 1, 0, 0, 0));
    expect(second > first).toBe(true);
  });
});
