import { ZAuthResponse, type TRegisterRequest } from '@pulse/contract/auth';
import { apiRequest, reactToOutagesOnly } from '../../../lib/api-client';

export async function postRegister(request: TRegisterRequest) {
  return apiRequest('/api/auth/register', { method: 'POST', body: request, schema: ZAuthResponse, reactTo: reactToOutagesOnly });
}
