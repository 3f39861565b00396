import { useQuery } from '@tanstack/react-query';
import { ZSellerWalletResponse, type TSellerWalletResponse } from '@pulse/contract/wallet';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { isSellerAccessDenied } from '../../../lib/seller-access';
import { walletQueryKey } from '../../../lib/wallet-api';

export async function getSellerWallet(tzOffsetMinutes: number, signal?: AbortSignal): Promise<TSellerWalletResponse> {
  const query = new URLSearchParams({ tzOffsetMinutes: String(tzOffsetMinutes) });
  // 403 (not an approved seller) is shown in the page rather than as a toast.
  return apiRequest(`/api/seller/wallet?${query.toString()}`, { schema: ZSellerWalletResponse, signal, reactTo: reactToSessionOrOutage });
}

/** Under the wallet key, so any money movement (an order step, a payout) refreshes it. */
export function sellerWalletQueryKey(userId: string | null, tzOffsetMinutes: number) {
  return [...walletQueryKey(userId), 'seller', tzOffsetMinutes] as const;
}

/** Minutes east of UTC on the viewer's clock: the server cuts the chart's days with it. */
export function viewerTimezoneOffsetMinutes(): number {
  const offset = -new Date().getTimezoneOffset();
  return offset === 0 ? 0 : offset;
}

/** Available, pending (open paid orders), paid out, the payout destination and the 30-day series. */
export function useSellerWallet(enabled: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const tzOffsetMinutes = viewerTimezoneOffsetMinutes();
  return useQuery({
    queryKey: sellerWalletQueryKey(userId, tzOffsetMinutes),
    queryFn: ({ signal }) => getSellerWallet(tzOffsetMinutes, signal),
    enabled: enabled && userId !== null,
    refetchOnWindowFocus: true,
    retry: (failureCount, error) => !isSellerAccessDenied(error) && failureCount < 2,
  });
}
