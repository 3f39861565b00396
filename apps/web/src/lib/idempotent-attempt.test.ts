import { describe, expect, it } from 'vitest';
import { fingerprintOf, nextAttempt } from './idempotent-attempt';

function keyFactory() {
  let count = 0;
  return () => `key-${++count}`;
}

describe('idempotent attempts', () => {
  it('reuses the key when the same request is sent again (double click, lost response)', () => {
    const createKey = keyFactory();
    const request = fingerprintOf({ addressId: 'a', sellers: [{ sellerUserId: 's', fulfilment: 'delivery', slotId: 'x' }] });
    const first = nextAttempt(null, request, createKey);
    const retry = nextAttempt(first, request, createKey);
    expect(retry.key).toBe(first.key);
    expect(retry).toBe(first);
  });

  it('starts a new key when the request changes', () => {
    const createKey = keyFactory();
    const first = nextAttempt(null, fingerprintOf({ amountMinor: 1000 }), createKey);
    const changed = nextAttempt(first, fingerprintOf({ amountMinor: 2000 }), createKey);
    expect(changed.key).not.toBe(first.key);
    expect(changed.key).toBe('key-2');
  });

  it('starts a new key after the previous attempt was reset (a finished payment)', () => {
    const createKey = keyFactory();
    const request = fingerprintOf({ amountMinor: 1000 });
    const first = nextAttempt(null, request, createKey);
    const afterReset = nextAttempt(null, request, createKey);
    expect(afterReset.key).not.toBe(first.key);
  });

  it('treats the same fields in another order as the same request', () => {
    expect(fingerprintOf({ a: 1, b: { d: 2, c: 3 } })).toBe(fingerprintOf({ b: { c: 3, d: 2 }, a: 1 }));
    expect(fingerprintOf({ list: [1, 2] })).not.toBe(fingerprintOf({ list: [2, 1] }));
  });
});
