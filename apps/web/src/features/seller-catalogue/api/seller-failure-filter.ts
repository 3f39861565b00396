import { reactToOutagesOnly, reactToSessionExpiryOnly, type FailureFilter } from '../../../lib/api-client';

/**
 * Seller pages explain a 403 ("for approved sellers"), a 404 ("Product not found") and field
 * messages in place; an expired session still logs out and outages still toast.
 */
export const reactToSessionOrOutage: FailureFilter = (failure) => reactToSessionExpiryOnly(failure) || reactToOutagesOnly(failure);
