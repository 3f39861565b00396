import { serverChecked } from '../../../lib/server-checked';
import { apiRequest, reactToNoFailures } from '../../../lib/api-client';

/** Stops the server pushing to this endpoint; a 404 means it was already gone. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('/api/push/subscriptions', { method: 'DELETE', body: { endpoint }, schema: serverChecked<unknown>(), reactTo: reactToNoFailures });
}
