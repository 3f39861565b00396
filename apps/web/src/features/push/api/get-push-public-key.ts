import { ZPushPublicKeyResponse } from '@pulse/contract/push';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';

/** The server's VAPID key, which a browser subscription must be made with. */
export async function getPushPublicKey(): Promise<string> {
  const response = await apiRequest('/api/push/public-key', { schema: ZPushPublicKeyResponse, reactTo: reactToSessionExpiryOnly });
  return response.publicKey;
}
