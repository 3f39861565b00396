import fc from 'fast-check';

/** 100,000 characters: far past every declared maximum. */
export const HUGE_STRING = 'x'.repeat(100_000);

/**
 * Values no schema of the API accepts in most places: wrong types, edges of numbers (including
 * amounts of zero and below), huge and strange strings.
 */
export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    HUGE_STRING,
    1e308,
    -1e308,
    -1,
    0,
    -0.5,
    0.1,
    2 ** 53 + 1,
    -(2 ** 31),
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '🍅🌽👩🏾‍🌾',
    '\u202Egnp.exe',
    'Ω≈ç√∫˜µ≤≥÷',
    "'; DROP TABLE users; --",
    '../../../etc/passwd',
    '<script>alert(1)</script>',
    '%00',
    '-1',
    '1e308',
    'NaN',
    'true',
    null,
    true,
    false,
    [],
    [null],
    {},
    { $ne: null },
    { __proto__: { admin: true } },
    '2026-13-45T99:99:99Z',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);

/** Ids that are not ids of anything the caller may touch. */
export function evilId(otherIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.uuid(),
    fc.constantFrom(...otherIds),
    fc.constantFrom(
      'not-a-uuid',
      '0',
      '-1',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '%F0%9F%8D%85',
      '%00',
      '%E0%A4%A',
      'a%2Fb',
      '..%2F..',
      'x'.repeat(300),
      HUGE_STRING,
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  );
}
