import { describe, expect, it } from 'vitest';
import { decodeBase64Url, isSameServerKey } from './push-keys';

describe('decodeBase64Url', () => {
  it('decodes the url-safe alphabet with or without padding', () => {
    expect([...decodeBase64Url('-_8')]).toEqual([0xfb, 0xff]);
    expect([...decodeBase64Url('-_8=')]).toEqual([0xfb, 0xff]);
    expect(decodeBase64Url(`B${'A'.repeat(86)}`)).toHaveLength(65);
  });
});

describe('isSameServerKey', () => {
  const key = new Uint8Array([4, 1, 2, 3]);

  it('matches the same bytes only', () => {
    expect(isSameServerKey(new Uint8Array([4, 1, 2, 3]).buffer, key)).toBe(true);
    expect(isSameServerKey(new Uint8Array([4, 1, 2, 9]).buffer, key)).toBe(false);
    expect(isSameServerKey(new Uint8Array([4, 1, 2]).buffer, key)).toBe(false);
  });

  it('does not match a subscription without a key', () => {
    expect(isSameServerKey(null, key)).toBe(false);
  });
});
