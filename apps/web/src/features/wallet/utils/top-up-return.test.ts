import { describe, expect, it } from 'vitest';
import { readTopUpReturn, withoutTopUpReturn } from './top-up-return';

const ID = '01936f1c-7a2b-7c3d-8e4f-0123456789ab';

describe('coming back from the provider’s page', () => {
  it('reads the top-up’s id from the callback address, and nothing else', () => {
    expect(readTopUpReturn(new URLSearchParams(`topUp=${ID}&trxref=pm_tu_1&reference=pm_tu_1`))).toBe(ID);
    // The provider's reference alone decides nothing: the wallet asks about its own top-up only.
    expect(readTopUpReturn(new URLSearchParams('trxref=pm_tu_1&reference=pm_tu_1'))).toBeNull();
    expect(readTopUpReturn(new URLSearchParams('topUp=../../admin'))).toBeNull();
    expect(readTopUpReturn(new URLSearchParams(''))).toBeNull();
  });

  it('removes the callback’s parameters and keeps the others', () => {
    expect(withoutTopUpReturn(new URLSearchParams(`topUp=${ID}&trxref=a&reference=a&lang=fr`))?.toString()).toBe('lang=fr');
    expect(withoutTopUpReturn(new URLSearchParams(`topUp=${ID}`))?.toString()).toBe('');
    expect(withoutTopUpReturn(new URLSearchParams('lang=fr'))).toBeNull();
  });
});
