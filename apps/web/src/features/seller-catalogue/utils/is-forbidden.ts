import { isApiError } from '../../../lib/api-error';

/** The server's answer for a signed-in user who is not an approved seller. */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/** An unknown id, a malformed one, or another seller's product. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
