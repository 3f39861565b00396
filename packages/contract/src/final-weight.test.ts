import { describe, expect, it } from 'vitest';
import { lineTotalForMilli, lineTotalForQuantity } from './final-weight';

describe('lineTotalForMilli', () => {
  it('rounds half down and anything above half up', () => {
    // 3.33 x 1.5 kg = 4.995 rounds half down to 4.99; 4.9951 rounds up.
    expect(lineTotalForMilli(333, 1500)).toBe(499);
    expect(lineTotalForMilli(333, 1501)).toBe(500);
    expect(lineTotalForMilli(250, 0)).toBe(0);
  });

  it('stays exact for amounts beyond double precision once multiplied', () => {
    expect(lineTotalForMilli(Number.MAX_SAFE_INTEGER, 1000)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('lineTotalForQuantity', () => {
  it('prices a typed weight the way the server records it', () => {
    expect(lineTotalForQuantity(125, 0.1)).toBe(12);
    expect(lineTotalForQuantity(333, 1.5)).toBe(499);
    expect(lineTotalForQuantity(101, 0.505)).toBe(51);
    expect(lineTotalForQuantity(350, 1.85)).toBe(647);
  });
});
