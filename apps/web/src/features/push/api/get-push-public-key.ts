import type { TPushPublicKeyResponse } from '@pulse/contract/push';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';
import { serverChecked } from '../../../lib/server-checked';

/** The server's VAPID key, which a browser subscription must be made with. */
export async function getPushPublicKey(): Promise<string> {
  const response = await apiRequest('/api/push/public-key', { schema: serverChecked<TPushPublicKeyResponse>(), reactTo: reactToSessionExpiryOnly });
  return response.publicKey;
}
