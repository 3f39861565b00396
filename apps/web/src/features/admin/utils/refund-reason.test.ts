import { describe, expect, it } from 'vitest';
import { ZRefuseRefundInput } from './refund-reason';

describe('refusing a refund', () => {
  it('needs a reason that is not only spaces', () => {
    const result = ZRefuseRefundInput.safeParse({ reason: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Tell us the reason.');
  });

  it('keeps the contract limit of 1000 characters and trims', () => {
    expect(ZRefuseRefundInput.safeParse({ reason: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe('Too long (1000 characters at most)');
    expect(ZRefuseRefundInput.parse({ reason: '  Photos show fresh produce  ' })).toEqual({ reason: 'Photos show fresh produce' });
  });
});
