import { reactToOutagesOnly, reactToSessionExpiryOnly, type FailureFilter } from '../../../lib/api-client';

/**
 * Pages that show their own "not found" or error state: the catalogue still logs out on 401 and
 * toasts outages and 5xx, but a 400 or 404 for a wrong chat id is left to the page.
 */
export const reactToSessionOrOutage: FailureFilter = (failure) => reactToSessionExpiryOnly(failure) || reactToOutagesOnly(failure);
