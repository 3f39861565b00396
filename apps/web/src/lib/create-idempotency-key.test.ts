import { describe, expect, it } from 'vitest';
import { webcrypto } from 'node:crypto';
import { createIdempotencyKey } from './create-idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  it('is a fresh UUID for every message', () => {
    const first = createIdempotencyKey(webcrypto as unknown as Crypto);
    const second = createIdempotencyKey(webcrypto as unknown as Crypto);
    expect(first).toMatch(UUID_V4);
    expect(second).not.toBe(first);
  });

  it('still makes a version 4 UUID where randomUUID is missing (plain http)', () => {
    const withoutRandomUuid = { getRandomValues: <T extends ArrayBufferView | null>(array: T) => webcrypto.getRandomValues(array as Uint8Array) as unknown as T };
    const keys = new Set(Array.from({ length: 50 }, () => createIdempotencyKey(withoutRandomUuid)));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
