import { reactToOutagesOnly, reactToSessionExpiryOnly, type FailureFilter } from '../api-client';

/**
 * Catalogue pages show their own "no longer available" and error states: a 401 still logs out and
 * outages still toast, but a 400 or 404 is left to the page.
 */
export const reactToSessionOrOutage: FailureFilter = (failure) => reactToSessionExpiryOnly(failure) || reactToOutagesOnly(failure);
