import { describe, expect, it } from 'vitest';
import { formatOrderNumber, resolveImageUrl } from './order-display';

describe('order display helpers', () => {
  it('tells apart orders of one checkout by the random end of their ids', () => {
    expect(formatOrderNumber('0192f0a1-7b2c-7def-8abc-0123456789ab')).toBe('456789AB');
    expect(formatOrderNumber('0192f0a1-7b2c-7def-8abc-ffffeeee0001')).toBe('EEEE0001');
  });

  it('leaves a missing picture missing', () => {
    expect(resolveImageUrl(null)).toBeNull();
    expect(resolveImageUrl('')).toBeNull();
    expect(resolveImageUrl('https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
  });
});
