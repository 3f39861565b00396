import { getRandomValues } from 'node:crypto';

let lastMillis = -1;
let counter = 0;

/**
 * A UUID version 7 (RFC 9562 §5.7): 48-bit Unix milliseconds, then random bits, so ids sort by
 * creation time (index-friendly) without revealing how many rows exist.
 *
 * Ids made by this process are monotonic (RFC 9562 §6.2, method 1): within one millisecond the
 * 12-bit `rand_a` field is a counter that starts at a random value below 2048, and when it runs out
 * the timestamp moves on by one millisecond. Rows written in one millisecond (the embedded database's
 * clock has millisecond resolution) therefore still sort in the order they were made when a query
 * breaks ties on `created_at` by id.
 */
export function createId(now: number = Date.now()): string {
  const bytes = getRandomValues(new Uint8Array(16));
  let millis = now;
  if (millis <= lastMillis) {
    millis = lastMillis;
    counter += 1;
    if (counter > 0xfff) {
      millis += 1;
      counter = (bytes[7] ?? 0) & 0x7f;
    }
  } else {
    counter = (((bytes[6] ?? 0) & 0x07) << 8) | (bytes[7] ?? 0);
  }
  lastMillis = millis;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = millis % 256;
    millis = Math.floor(millis / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
