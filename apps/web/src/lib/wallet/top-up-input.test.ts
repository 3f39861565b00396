import { describe, expect, it } from 'vitest';
import { ZTopUpInput } from '@pulse/contract/wallet';
import { getZodDottedFieldErrors } from '../form-errors';
import { maskPhone, SANDBOX_CARD_NUMBER, topUpFieldErrors, topUpInputFrom, topUpMethodsFor, type TopUpValues } from './top-up-input';

const VALUES: TopUpValues = { amount: 50, method: 'card', cardNumber: SANDBOX_CARD_NUMBER, phone: '024 123 4567', network: 'mtn' };

describe('top-up form', () => {
  it('offers the sandbox card and mobile money, or with Paystack mobile money and Paystack’s page', () => {
    expect(topUpMethodsFor('sandbox')).toEqual(['card', 'mobile_money']);
    expect(topUpMethodsFor(undefined)).toEqual(['card', 'mobile_money']);
    expect(topUpMethodsFor('paystack')).toEqual(['mobile_money', 'hosted']);
  });

  it('sends only the chosen method’s fields, in minor units', () => {
    expect(topUpInputFrom(VALUES, 'GHS')).toEqual({ amountMinor: 5000, method: 'card', cardNumber: SANDBOX_CARD_NUMBER });
    expect(topUpInputFrom({ ...VALUES, method: 'mobile_money' }, 'GHS')).toEqual({
      amountMinor: 5000,
      method: 'mobile_money',
      mobileMoney: { phone: '024 123 4567', network: 'mtn' },
    });
    expect(topUpInputFrom({ ...VALUES, method: 'hosted', amount: '12.5' }, 'GHS')).toEqual({ amountMinor: 1250, method: 'hosted' });
    expect(ZTopUpInput.safeParse(topUpInputFrom({ ...VALUES, method: 'mobile_money' }, 'GHS')).success).toBe(true);
  });

  it('puts the contract’s messages under the inputs: a missing network, a number that is not a phone, too small an amount', () => {
    const parsed = ZTopUpInput.safeParse(topUpInputFrom({ ...VALUES, method: 'mobile_money', amount: 0.5, phone: '12', network: '' }, 'GHS'));
    expect(parsed.success).toBe(false);
    const errors = topUpFieldErrors(getZodDottedFieldErrors(parsed.error!));
    expect(errors).toEqual({
      amount: 'The smallest top-up is 1.00',
      phone: 'Enter a mobile money number such as 024 123 4567',
      network: 'Choose the mobile money network',
    });
  });

  it('places the server’s field messages by their request paths and ignores the others', () => {
    expect(topUpFieldErrors({ 'mobileMoney.phone': 'Not a mobile money number', amountMinor: 'Too much', currency: 'x' })).toEqual({
      phone: 'Not a mobile money number',
      amount: 'Too much',
    });
  });

  it('shows where the SMS code went without the whole number', () => {
    expect(maskPhone('024 123 4567')).toBe('024 *** 4567');
    expect(maskPhone('0241234567')).toBe('024 *** 4567');
    expect(maskPhone('+233 24 123 4567')).toBe('024 *** 4567');
    expect(maskPhone('233201234567')).toBe('020 *** 4567');
    expect(maskPhone('12345')).toBe('12345');
  });
});
