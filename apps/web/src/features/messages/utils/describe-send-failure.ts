import { t } from '@lingui/core/macro';
import { isApiError } from '../../../lib/api-error';

/** The line under a message that did not go out: the server's reason for a refusal, else a hint to retry (written when the send fails). */
export function describeSendFailure(error: unknown): string {
  if (isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500) {
    const fieldMessage = Object.values(error.fields)[0];
    return fieldMessage ?? error.message;
  }
  return t`Not sent. Check your connection and retry.`;
}
