import type { TMeResponse } from '@pulse/contract/auth';
import { apiRequest } from '../api-client';
import { serverChecked } from '../server-checked';

export async function getCurrentUser(signal?: AbortSignal) {
  const response = await apiRequest('/api/auth/me', { schema: serverChecked<TMeResponse>(), signal });
  return response.user;
}
