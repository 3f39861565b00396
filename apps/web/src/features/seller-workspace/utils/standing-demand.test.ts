import { describe, expect, it } from 'vitest';
import { isShort, sortDemand, type StandingDemandProduct } from './standing-demand';

const product = (title: string, quantity: number, available: number): StandingDemandProduct => ({ productId: `${title}-id`, title, unit: 'kg', quantity, buyers: 1, available });

describe('the weekly baskets demand of a farm', () => {
  it('warns when the baskets expect more than the farm has on sale', () => {
    expect(isShort(product('Tomatoes', 12, 10))).toBe(true);
    expect(isShort(product('Tomatoes', 10, 10))).toBe(false);
  });

  it('lists the products short of stock first, then the largest quantities', () => {
    const sorted = sortDemand([product('Eggs', 4, 50), product('Okra', 3, 1), product('Tomatoes', 12, 40)]);
    expect(sorted.map((item) => item.title)).toEqual(['Okra', 'Tomatoes', 'Eggs']);
  });
});
