import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ZAgentApplication, type TAgentApplication, type TAgentApplicationValues } from '@pulse/contract/agents';
import { apiRequest, type FailureFilter } from '../api-client';
import { isApiError } from '../api-error';

/** "No application yet" is a 404 the page explains itself: no toast for it, but outages and expiry still react. */
const reactToAllButNotFound: FailureFilter = (failure) => !(failure.kind === 'http' && failure.status === 404);
/** The form shows 4xx messages itself; outages get the toast and an expired session logs out. */
const reactToOutagesAndExpiry: FailureFilter = (failure) => failure.kind !== 'http' || failure.status >= 500 || failure.status === 401;

/** Under 'agent-application' so the live decision listener (components/live-application-updates.tsx) refreshes it. */
export const agentApplicationKey = (userId: string | null) => ['agent-application', 'mine', userId] as const;

/** The signed-in user's agent application, or null when they have not applied (404). */
export async function getMyAgentApplication(signal?: AbortSignal): Promise<TAgentApplication | null> {
  try {
    return await apiRequest('/api/agents/me/application', { schema: ZAgentApplication, signal, reactTo: reactToAllButNotFound });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useMyAgentApplication(userId: string | null, enabled = true) {
  return useQuery({
    queryKey: agentApplicationKey(userId),
    queryFn: ({ signal }) => getMyAgentApplication(signal),
    enabled: enabled && userId !== null,
    retry: false,
  });
}

export async function postAgentApplication(values: TAgentApplicationValues): Promise<TAgentApplication> {
  return apiRequest('/api/agents/applications', { method: 'POST', body: values, schema: ZAgentApplication, reactTo: reactToOutagesAndExpiry });
}

export function rememberSubmittedAgentApplication(queryClient: QueryClient, userId: string | null, application: TAgentApplication): void {
  queryClient.setQueryData(agentApplicationKey(userId), application);
}
