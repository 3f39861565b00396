import { isApiError } from '../../../lib/api-error';

/** An unknown id, a malformed one, or another seller's product. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
