import { isApiError } from './api-error';

/** The server refuses seller data to anyone who is not an approved seller (403). */
export function isSellerAccessDenied(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}
