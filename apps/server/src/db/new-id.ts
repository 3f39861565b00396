import { getRandomValues } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562 §5.7): 48-bit Unix milliseconds, then random bits, so ids sort by
 * creation time (index-friendly) without revealing how many rows exist.
 */
export function createId(now: number = Date.now()): string {
  const bytes = getRandomValues(new Uint8Array(16));
  let millis = now;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = millis % 256;
    millis = Math.floor(millis / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
