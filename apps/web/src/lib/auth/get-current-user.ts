import { ZMeResponse } from '@pulse/contract/auth';
import { apiRequest } from '../api-client';

export async function getCurrentUser(signal?: AbortSignal) {
  const response = await apiRequest('/api/auth/me', { schema: ZMeResponse, signal });
  return response.user;
}
