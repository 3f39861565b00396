import { useQuery } from '@tanstack/react-query';
import { ZSellerDashboardResponse, type TSellerDashboardResponse } from '@pulse/contract/seller-dashboard';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { isSellerAccessDenied } from '../../../lib/seller-access';
import { currentTimezoneOffsetMinutes } from '../utils/timezone-offset';
import { sellerQueryKey } from './seller-query-keys';

export async function getSellerDashboard(tzOffsetMinutes: number, signal?: AbortSignal): Promise<TSellerDashboardResponse> {
  const query = new URLSearchParams({ tzOffsetMinutes: String(tzOffsetMinutes) });
  // A 403 (not an approved seller) is shown in the page, not as a toast.
  return apiRequest(`/api/seller/dashboard?${query.toString()}`, { schema: ZSellerDashboardResponse, signal, reactTo: reactToSessionOrOutage });
}

export function getSellerDashboardQueryOptions(userId: string | null, tzOffsetMinutes: number) {
  return {
    queryKey: [...sellerQueryKey(userId), 'dashboard', tzOffsetMinutes] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => getSellerDashboard(tzOffsetMinutes, signal),
  };
}

/** Orders to act on, sales, the 30-day series and low stock; refetched on focus so the queues stay current. */
export function useSellerDashboard() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useQuery({
    ...getSellerDashboardQueryOptions(userId, currentTimezoneOffsetMinutes()),
    enabled: userId !== null,
    refetchOnWindowFocus: true,
    retry: (failureCount, error) => !isSellerAccessDenied(error) && failureCount < 2,
  });
}
