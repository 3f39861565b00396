import { reactToOutagesOnly, reactToSessionExpiryOnly, type FailureFilter } from './api-client';

/**
 * For calls whose 4xx answers the page shows in place (a form's field messages, "Only 3 left" on a
 * basket line): the catalogue still logs out on 401 and toasts outages and 5xx.
 */
export const reactToSessionOrOutage: FailureFilter = (failure) => reactToSessionExpiryOnly(failure) || reactToOutagesOnly(failure);
