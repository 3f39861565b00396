import { z } from 'zod';
import { apiRequest, reactToNoFailures } from '../../../lib/api-client';

/** Stops the server pushing to this endpoint; a 404 means it was already gone. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('/api/push/subscriptions', { method: 'DELETE', body: { endpoint }, schema: z.unknown(), reactTo: reactToNoFailures });
}
