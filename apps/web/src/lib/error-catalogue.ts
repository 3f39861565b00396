import { SESSION_EXPIRED_MESSAGE } from './auth/session-messages';

/** What went wrong with a call, as the client sees it. */
export type ApiFailure =
  | { kind: 'http'; status: number; serverMessage?: string; isCurrentUserCall: boolean }
  /** fetch itself threw: no response reached the browser. */
  | { kind: 'network' }
  /** Anything else, for example a response that does not match its schema. */
  | { kind: 'unexpected' };

export type FailureReaction =
  | { action: 'logout'; message: string; path: '/login' }
  | { action: 'toast'; title: string; message: string }
  | { action: 'none' };

export const ERROR_TOAST_AUTO_CLOSE_MS = 5000;

/** The error catalogue of spec §8, row by row. */
export function describeApiFailure(failure: ApiFailure): FailureReaction {
  if (failure.kind === 'network') {
    return {
      action: 'toast',
      title: 'Network Error',
      message: 'Could not connect to the server. Please check your internet connection.',
    };
  }
  if (failure.kind === 'unexpected') {
    return { action: 'toast', title: 'Unexpected Error', message: 'An unexpected error occurred. Please try again.' };
  }
  const serverMessage = failure.serverMessage?.trim() ? failure.serverMessage : undefined;
  switch (failure.status) {
    case 401:
      // The current-user call is how the app asks "am I signed in?"; a 401 there is an answer.
      return failure.isCurrentUserCall ? { action: 'none' } : { action: 'logout', message: SESSION_EXPIRED_MESSAGE, path: '/login' };
    case 403:
      return {
        action: 'toast',
        title: 'Access Denied',
        message: serverMessage ?? 'You do not have permission to access this resource.',
      };
    case 404:
      return { action: 'none' };
    case 500:
      return {
        action: 'toast',
        title: 'Server Error',
        message: 'An unexpected error occurred on the server. Please try again later.',
      };
    default:
      return { action: 'toast', title: 'Error', message: serverMessage ?? `An error occurred: ${failure.status}` };
  }
}

/** One id per distinct toast so a retried call does not stack the same message twice. */
export function getErrorToastId(title: string, message: string): string {
  let hash = 0;
  const text = `${title}\u0000${message}`;
  for (let index = 0; index < text.length; index += 1) {
    hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  }
  return `api-error-${(hash >>> 0).toString(36)}`;
}
