import { ZTopUpResponse, type TTopUpResponse } from '@pulse/contract/wallet';
import { apiRequest, reactToSessionExpiryOnly } from '../api-client';

/**
 * The person cancelled on the provider's page: the server verifies first (a payment that went
 * through is credited), else the top-up is abandoned at once. Asking twice answers the same.
 */
export async function postTopUpCancel(id: string, signal?: AbortSignal): Promise<TTopUpResponse> {
  return apiRequest(`/api/wallet/top-ups/${encodeURIComponent(id)}/cancel`, { method: 'POST', schema: ZTopUpResponse, signal, reactTo: reactToSessionExpiryOnly });
}
