import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBody, negotiateEncoding } from './compression';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'gzip'],
    ['br', 'br'],
    ['br;q=1, gzip;q=0.5', 'br'],
    ['gzip;q=0, br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['*;q=0.5, gzip;q=0', 'br'],
    ['identity', null],
    ['deflate, zstd', null],
    ['gzip;q=0, br;q=0', null],
    [undefined, null],
    ['', null],
  ] as const)('%s -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('compressBody', () => {
  it('round-trips in both codings', () => {
    const body = Buffer.from(JSON.stringify({ items: Array.from({ length: 50 }, (_, index) => ({ index, title: 'Heirloom tomatoes' })) }));
    expect(gunzipSync(compressBody(body, 'gzip'))).toEqual(body);
    expect(brotliDecompressSync(compressBody(body, 'br'))).toEqual(body);
    expect(compressBody(body, 'gzip').length).toBeLessThan(body.length / 4);
  });
});
