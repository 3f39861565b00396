import { ZAuthResponse, type TLoginRequest } from '@pulse/contract/auth';
import { apiRequest, reactToOutagesOnly } from '../../../lib/api-client';

/** Wrong credentials come back as 4xx; the form shows those, so only outages toast. */
export async function postLogin(request: TLoginRequest) {
  return apiRequest('/api/auth/login', { method: 'POST', body: request, schema: ZAuthResponse, reactTo: reactToOutagesOnly });
}
