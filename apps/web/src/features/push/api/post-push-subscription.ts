import type { TPushSubscription, TSavePushSubscriptionBody } from '@pulse/contract/push';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';
import { serverChecked } from '../../../lib/server-checked';

/** Saves this browser's subscription for the signed-in user (the same endpoint is updated, not doubled). */
export async function postPushSubscription(body: TSavePushSubscriptionBody): Promise<TPushSubscription> {
  return apiRequest('/api/push/subscriptions', { method: 'POST', body, schema: serverChecked<TPushSubscription>(), reactTo: reactToSessionExpiryOnly });
}
