import { useQuery } from '@tanstack/react-query';
import { ZGetAgentWalletResponse, type TGetAgentWalletResponse } from '@pulse/contract/agents';
import { apiRequest } from './api-client';
import { useAuth } from './auth/use-auth';
import { reactToSessionOrOutage } from './react-to-session-or-outage';
import { walletQueryKey } from './wallet-api';

export async function getAgentWallet(tzOffsetMinutes: number, signal?: AbortSignal): Promise<TGetAgentWalletResponse> {
  const query = new URLSearchParams({ tzOffsetMinutes: String(tzOffsetMinutes) });
  return apiRequest(`/api/agent/wallet?${query.toString()}`, { schema: ZGetAgentWalletResponse, signal, reactTo: reactToSessionOrOutage });
}

/** Minutes east of UTC on the viewer's clock: the server cuts today, the month and the chart's days with it. */
function viewerOffsetMinutes(): number {
  const offset = -new Date().getTimezoneOffset();
  return offset === 0 ? 0 : offset;
}

/**
 * The agent's earnings (available, in escrow, paid out, today, this month, completion counts, 30 days).
 * Under the wallet key, so a delivery or a payout refreshes it. Read by /wallet and /agent-dashboard.
 */
export function useAgentWallet(enabled: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const tzOffsetMinutes = viewerOffsetMinutes();
  return useQuery({
    queryKey: [...walletQueryKey(userId), 'agent', tzOffsetMinutes],
    queryFn: ({ signal }) => getAgentWallet(tzOffsetMinutes, signal),
    enabled: enabled && userId !== null,
    refetchOnWindowFocus: true,
  });
}
