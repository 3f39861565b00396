import { afterEach, describe, expect, it } from 'vitest';
import { ZCheckoutInput } from '@pulse/contract/orders';
import { i18n } from '@lingui/core';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { getZodDottedFieldErrors } from '../../../lib/form-errors';
import { paymentFailureText, payWithFieldErrors, payWithFrom, providerPayLabel, readPaymentCancel, readPaymentReturn, withoutPaymentReturn } from './checkout-payment';

const CHECKOUT_ID = '0192f0aa-1b2c-7d3e-8f40-123456789abc';
const VALUES = { method: 'mobile_money' as const, cardNumber: '4242 4242 4242 4242', phone: '024 123 4567', network: 'mtn' as const };
const payWithSchema = ZCheckoutInput.shape.payWith.unwrap();

afterEach(async () => {
  await activateLanguage('en');
});

describe('the checkout payWith', () => {
  it('carries only what the chosen method needs', () => {
    expect(payWithFrom(VALUES)).toEqual({ method: 'mobile_money', mobileMoney: { phone: '024 123 4567', network: 'mtn' } });
    expect(payWithFrom({ ...VALUES, method: 'card' })).toEqual({ method: 'card', cardNumber: '4242 4242 4242 4242' });
    expect(payWithFrom({ ...VALUES, method: 'hosted' })).toEqual({ method: 'hosted' });
    expect(payWithSchema.safeParse(payWithFrom(VALUES)).success).toBe(true);
  });

  it('puts what is wrong on the number and the network, from the contract or the server', () => {
    const parsed = payWithSchema.safeParse(payWithFrom({ ...VALUES, phone: '12', network: '' }));
    expect(parsed.success).toBe(false);
    const errors = payWithFieldErrors(parsed.success ? {} : getZodDottedFieldErrors(parsed.error));
    expect(Object.keys(errors).sort()).toEqual(['network', 'phone']);
    expect(payWithFieldErrors({ 'payWith.mobileMoney': 'Enter the mobile money number and network' })).toEqual({ phone: 'Enter the mobile money number and network' });
    // A refusal of the method itself has no field: the form says it.
    expect(payWithFieldErrors({ 'payWith.method': 'Cards are paid on the payment page' })).toEqual({});
  });
});

describe('the return from the provider’s page', () => {
  it('reads the checkout id only when it is one, and never the provider’s reference', () => {
    expect(readPaymentReturn(new URLSearchParams(`payment=${CHECKOUT_ID}&trxref=pm-1&reference=pm-1`))).toBe(CHECKOUT_ID);
    expect(readPaymentReturn(new URLSearchParams('payment=javascript:alert(1)'))).toBeNull();
    expect(readPaymentReturn(new URLSearchParams('reference=pm-1'))).toBeNull();
  });

  it('takes its parameters out of the address and keeps the others', () => {
    expect(withoutPaymentReturn(new URLSearchParams(`payment=${CHECKOUT_ID}&trxref=pm-1&reference=pm-1&lang=fr`))?.toString()).toBe('lang=fr');
    expect(withoutPaymentReturn(new URLSearchParams('step=checkout'))).toBeNull();
  });

  it('knows a return by the page’s Cancel (cancel_action) by its mark, and takes the mark out too', () => {
    expect(readPaymentCancel(new URLSearchParams(`payment=${CHECKOUT_ID}&cancelled=1`))).toBe(true);
    expect(readPaymentCancel(new URLSearchParams(`payment=${CHECKOUT_ID}&trxref=pm-1&reference=pm-1`))).toBe(false);
    expect(withoutPaymentReturn(new URLSearchParams(`payment=${CHECKOUT_ID}&cancelled=1`))?.toString()).toBe('');
  });
});

describe('what the buyer reads', () => {
  it('names the total in the choice, in English, French and Twi', async () => {
    expect(providerPayLabel('GH₵54.20')).toBe('Pay GH₵54.20 with mobile money or card');
    await activateLanguage('fr');
    expect(providerPayLabel('54,20 GH₵')).toBe('Payer 54,20 GH₵ par mobile money ou par carte');
    await activateLanguage('ak');
    expect(providerPayLabel('GH₵54.20')).toBe('Tua GH₵54.20 wɔ mobile money anaa kaad so');
  });

  it('says why nothing was paid: the server’s reason, else ours', () => {
    expect(paymentFailureText({ status: 'failed', failureReason: 'Declined by your bank' }, i18n)).toBe('Declined by your bank');
    expect(paymentFailureText({ status: 'failed', failureReason: null }, i18n)).toBe('The payment did not go through.');
    expect(paymentFailureText({ status: 'abandoned', failureReason: null }, i18n)).toBe('The payment was cancelled.');
    expect(paymentFailureText({ status: 'succeeded', failureReason: null }, i18n)).toBeNull();
    expect(paymentFailureText({ status: 'pending', failureReason: null }, i18n)).toBeNull();
  });
});
