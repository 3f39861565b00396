import { useQuery } from '@tanstack/react-query';
import { ZAuthProvidersResponse } from '@pulse/contract/auth';
import { apiRequest, reactToNoFailures } from '../../../lib/api-client';

/** The sign-in button is optional; if the server cannot say, the page simply goes without it. */
export async function getAuthProviders() {
  return apiRequest('/api/auth/providers', { schema: ZAuthProvidersResponse, reactTo: reactToNoFailures });
}

export function useAuthProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: 5 * 60 * 1000, retry: false });
}
