import { describe, expect, it } from 'vitest';
import { describeApiFailure, getErrorToastId } from './error-catalogue';

const http = (status: number, serverMessage?: string, isCurrentUserCall = false) =>
  describeApiFailure({ kind: 'http', status, serverMessage, isCurrentUserCall });

describe('describeApiFailure (spec §8)', () => {
  it('logs out to /login with the session-expired message on a 401', () => {
    expect(http(401, 'Token revoked')).toEqual({
      action: 'logout',
      message: 'Your session has expired. Please log in again.',
      path: '/login',
    });
  });

  it('only rejects a 401 of the current-user call', () => {
    expect(http(401, undefined, true)).toEqual({ action: 'none' });
  });

  it('shows "Access Denied" with the server message on a 403', () => {
    expect(http(403, 'Admins only')).toEqual({ action: 'toast', title: 'Access Denied', message: 'Admins only' });
  });

  it('falls back to the permission sentence on a 403 without a message', () => {
    expect(http(403)).toEqual({
      action: 'toast',
      title: 'Access Denied',
      message: 'You do not have permission to access this resource.',
    });
  });

  it('stays silent on a 404', () => {
    expect(http(404, 'No seller')).toEqual({ action: 'none' });
  });

  it('never shows the server text of a 500', () => {
    expect(http(500, 'stack trace')).toEqual({
      action: 'toast',
      title: 'Server Error',
      message: 'An unexpected error occurred on the server. Please try again later.',
    });
  });

  it('shows "Error" with the server message for any other status', () => {
    expect(http(409, 'E-mail already registered')).toEqual({ action: 'toast', title: 'Error', message: 'E-mail already registered' });
  });

  it('names the status when another status carries no message', () => {
    expect(http(502)).toEqual({ action: 'toast', title: 'Error', message: 'An error occurred: 502' });
    expect(http(429, '   ')).toEqual({ action: 'toast', title: 'Error', message: 'An error occurred: 429' });
  });

  it('reports "Network Error" when no response arrived', () => {
    expect(describeApiFailure({ kind: 'network' })).toEqual({
      action: 'toast',
      title: 'Network Error',
      message: 'Could not connect to the server. Please check your internet connection.',
    });
  });

  it('reports "Unexpected Error" for anything else', () => {
    expect(describeApiFailure({ kind: 'unexpected' })).toEqual({
      action: 'toast',
      title: 'Unexpected Error',
      message: 'An unexpected error occurred. Please try again.',
    });
  });
});

describe('getErrorToastId', () => {
  it('gives the same toast the same id, so retries do not stack it', () => {
    expect(getErrorToastId('Server Error', 'Try later')).toBe(getErrorToastId('Server Error', 'Try later'));
  });

  it('gives different toasts different ids', () => {
    expect(getErrorToastId('Error', 'A')).not.toBe(getErrorToastId('Error', 'B'));
    expect(getErrorToastId('Access Denied', 'x')).not.toBe(getErrorToastId('Error', 'x'));
  });
});
