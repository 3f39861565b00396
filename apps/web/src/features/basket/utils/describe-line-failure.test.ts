import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { describeLineFailure } from './describe-line-failure';

function httpError(status: number, message: string, fields?: Record<string, string>) {
  return new ApiError(message, { kind: 'http', status, serverMessage: message, isCurrentUserCall: false }, { fields });
}

describe('describeLineFailure', () => {
  it('shows the server’s rule on the line (409 stock, 400 minimum)', () => {
    expect(describeLineFailure(httpError(409, 'Only 3 left'))).toBe('Only 3 left');
    expect(describeLineFailure(httpError(400, 'Invalid request', { quantity: 'Minimum order is 2 kg' }))).toBe('Minimum order is 2 kg');
  });

  it('says the line is gone on 404, and what to do on an outage', () => {
    expect(describeLineFailure(httpError(404, 'Not found'))).toBe('This product is no longer in your basket.');
    expect(describeLineFailure(new ApiError('x', { kind: 'network' }))).toMatch(/check your connection/i);
    expect(describeLineFailure(httpError(500, 'boom'))).toMatch(/check your connection/i);
  });
});
