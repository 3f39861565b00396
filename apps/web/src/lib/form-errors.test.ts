import { describe, expect, it } from 'vitest';
import { ZRegisterRequest } from '@pulse/contract/auth';
import { ApiError } from './api-error';
import { getServerFormErrors, getZodFieldErrors } from './form-errors';

const FIELDS = ['email', 'username', 'password'];

function serverError(status: number, message: string, fields?: Record<string, string>) {
  return new ApiError(message, { kind: 'http', status, serverMessage: message, isCurrentUserCall: false }, { fields });
}

describe('getZodFieldErrors', () => {
  it('puts the contract message of each invalid field under that field', () => {
    const parsed = ZRegisterRequest.safeParse({ email: 'nope', username: 'a', password: 'short' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(getZodFieldErrors(parsed.error)).toEqual({
      email: 'Enter a valid e-mail address',
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('getServerFormErrors', () => {
  it('shows server field messages under their inputs', () => {
    const errors = getServerFormErrors(serverError(409, 'Conflict', { email: 'This e-mail is already registered' }), FIELDS);
    expect(errors).toEqual({ fields: { email: 'This e-mail is already registered' }, form: null });
  });

  it('shows the server message when no field is named', () => {
    expect(getServerFormErrors(serverError(401, 'Wrong e-mail or password'), FIELDS)).toEqual({ fields: {}, form: 'Wrong e-mail or password' });
  });

  it('also shows the message when a named field has no input on the form', () => {
    const errors = getServerFormErrors(serverError(400, 'Check the form', { referralCode: 'Unknown code' }), FIELDS);
    expect(errors.form).toBe('Check the form');
  });

  it('leaves outages to the toast the API client already showed', () => {
    expect(getServerFormErrors(serverError(500, 'Internal'), FIELDS)).toEqual({ fields: {}, form: null });
    expect(getServerFormErrors(new ApiError('offline', { kind: 'network' }), FIELDS)).toEqual({ fields: {}, form: null });
  });
});
