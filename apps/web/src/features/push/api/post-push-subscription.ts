import { ZPushSubscription, type TPushSubscription, type TSavePushSubscriptionBody } from '@pulse/contract/push';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';

/** Saves this browser's subscription for the signed-in user (the same endpoint is updated, not doubled). */
export async function postPushSubscription(body: TSavePushSubscriptionBody): Promise<TPushSubscription> {
  return apiRequest('/api/push/subscriptions', { method: 'POST', body, schema: ZPushSubscription, reactTo: reactToSessionExpiryOnly });
}
