import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ZSellerApplication, type TSellerApplication, type TSellerApplicationValues } from '@pulse/contract/sellers';
import { apiRequest, type FailureFilter } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** "No application yet" is a 404 the page explains itself: no toast for it, but outages and expiry still react. */
/** The form shows 4xx messages itself; outages get the toast and an expired session logs out. */
const reactToOutagesAndExpiry: FailureFilter = (failure) => failure.kind !== 'http' || failure.status >= 500 || failure.status === 401;

const reactToAllButNotFound: FailureFilter = (failure) => !(failure.kind === 'http' && failure.status === 404);

export const sellerApplicationKey = (userId: string | null) => ['seller-application', 'mine', userId] as const;

/** The signed-in user's application, or null when they have not applied yet (404). */
export async function getMySellerApplication(): Promise<TSellerApplication | null> {
  try {
    return await apiRequest('/api/sellers/application/mine', { schema: ZSellerApplication, reactTo: reactToAllButNotFound });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useMySellerApplication(userId: string | null, enabled = true) {
  return useQuery({
    queryKey: sellerApplicationKey(userId),
    queryFn: getMySellerApplication,
    enabled: enabled && userId !== null,
    retry: false,
  });
}

export async function postSellerApplication(values: TSellerApplicationValues): Promise<TSellerApplication> {
  return apiRequest('/api/sellers/application', { method: 'POST', body: values, schema: ZSellerApplication, reactTo: reactToOutagesAndExpiry });
}

export function rememberSubmittedApplication(queryClient: QueryClient, userId: string | null, application: TSellerApplication): void {
  queryClient.setQueryData(sellerApplicationKey(userId), application);
}
