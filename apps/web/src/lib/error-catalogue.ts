import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
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

/** The error catalogue of spec §8, row by row, in the active language when called (the spec's English texts as the source). */
export function describeApiFailure(failure: ApiFailure): FailureReaction {
  if (failure.kind === 'network') {
    return {
      action: 'toast',
      title: t`Network Error`,
      message: t`Could not connect to the server. Please check your internet connection.`,
    };
  }
  if (failure.kind === 'unexpected') {
    return { action: 'toast', title: t`Unexpected Error`, message: t`An unexpected error occurred. Please try again.` };
  }
  const serverMessage = failure.serverMessage?.trim() ? failure.serverMessage : undefined;
  switch (failure.status) {
    case 401:
      // The current-user call is how the app asks "am I signed in?"; a 401 there is an answer.
      return failure.isCurrentUserCall ? { action: 'none' } : { action: 'logout', message: i18n._(SESSION_EXPIRED_MESSAGE), path: '/login' };
    case 403:
      return {
        action: 'toast',
        title: t`Access Denied`,
        message: serverMessage ?? t`You do not have permission to access this resource.`,
      };
    case 404:
      return { action: 'none' };
    case 500:
      return {
        action: 'toast',
        title: t`Server Error`,
        message: t`An unexpected error occurred on the server. Please try again later.`,
      };
    default: {
      const status = failure.status;
      return { action: 'toast', title: t`Error`, message: serverMessage ?? t`An error occurred: ${status}` };
    }
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
