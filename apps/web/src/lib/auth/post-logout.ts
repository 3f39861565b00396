import { serverChecked } from '../server-checked';
import { apiRequest, reactToNoFailures } from '../api-client';

/**
 * Revokes the session on the server. Its failures must not reach the catalogue: a 401 here
 * would start another logout.
 */
export async function postLogout(): Promise<void> {
  await apiRequest('/api/auth/logout', { method: 'POST', schema: serverChecked<unknown>(), reactTo: reactToNoFailures });
}
