import { useQuery } from '@tanstack/react-query';
import type { TPopup, TGetActivePopupsResponse } from '@pulse/contract/popups';
import { apiRequest, reactToNoFailures } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { getViewerAudience } from '../utils/choose-popup';
import { serverChecked } from '../../../lib/server-checked';

/** Spec §8: a popup failure shows nothing to the user; the error stays in the query's state. */
export async function getActivePopups(signal?: AbortSignal): Promise<TPopup[]> {
  return apiRequest('/api/popups/active', { schema: serverChecked<TGetActivePopupsResponse>(), signal, reactTo: reactToNoFailures });
}

/** Fetched again whenever the signed-in user changes (spec §7), once the session is known. */
export function useActivePopups() {
  const { user, isAuthenticated, isLoading } = useAuth();
  const audience = getViewerAudience(isAuthenticated);
  const query = useQuery({
    queryKey: ['popups', 'active', user?.id ?? null, audience],
    queryFn: ({ signal }) => getActivePopups(signal),
    enabled: !isLoading,
    staleTime: Infinity,
    // What shows depends on what this browser has closed (kept in its storage): asked here, not by the server's render.
    meta: { serverRender: false },
  });
  return { ...query, audience };
}
