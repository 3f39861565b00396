import { t } from '@lingui/core/macro';
import { isApiError } from '../../../lib/api-error';

/**
 * What a basket line says when the server refused a change. The server's words for the rules
 * ("Only 3 left", "Minimum order is 2 kg"); a plain instruction for the rest.
 */
export function describeLineFailure(error: unknown): string {
  if (isApiError(error) && error.status !== null) {
    if (error.status === 404) return t`This product is no longer in your basket.`;
    if (error.status < 500) return error.fields.quantity ?? error.message;
  }
  return t`Could not save the change. Check your connection and try again.`;
}
