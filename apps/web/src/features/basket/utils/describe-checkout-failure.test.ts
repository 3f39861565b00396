import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { describeCheckoutFailure } from './describe-checkout-failure';

function httpError(status: number, message: string, fields?: Record<string, string>) {
  return new ApiError(message, { kind: 'http', status, serverMessage: message, isCurrentUserCall: false }, { fields });
}

describe('describeCheckoutFailure', () => {
  it('sends a short wallet to the top-up', () => {
    const failure = describeCheckoutFailure(httpError(409, 'Your wallet balance is too low for this payment. Top up your wallet and try again.'));
    expect(failure.kind).toBe('funds');
  });

  it('sends a stock conflict back to the basket, naming the product', () => {
    expect(describeCheckoutFailure(httpError(409, 'Only 2 left of Heirloom Tomatoes'))).toEqual({
      kind: 'basket',
      message: 'Only 2 left of Heirloom Tomatoes. Go back to the basket to change the quantity, then check out again.',
    });
  });

  it('asks to choose again when a slot closed', () => {
    expect(describeCheckoutFailure(httpError(409, 'This delivery slot is full')).kind).toBe('choice');
    expect(describeCheckoutFailure(httpError(400, 'Invalid request', { addressId: 'Choose a delivery address' })).message).toBe(
      'Invalid request: Choose a delivery address',
    );
  });

  it('says paying again is safe when no answer came back', () => {
    expect(describeCheckoutFailure(new ApiError('x', { kind: 'network' })).kind).toBe('retry');
    expect(describeCheckoutFailure(httpError(503, 'Unavailable')).kind).toBe('retry');
  });
});
