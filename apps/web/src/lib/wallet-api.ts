import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ZTopUpResponse, ZWalletResponse, type TTopUpInput, type TTopUpResponse, type TWalletResponse } from '@pulse/contract/wallet';
import { apiRequest } from './api-client';
import { useAuth } from './auth/use-auth';
import { reactToSessionOrOutage } from './react-to-session-or-outage';

/** Every wallet query (balances, history) starts with this, so one invalidation refreshes them all. */
export function walletQueryKey(userId: string | null) {
  return ['wallet', userId] as const;
}

export async function getWallet(signal?: AbortSignal): Promise<TWalletResponse> {
  return apiRequest('/api/wallet', { schema: ZWalletResponse, signal, reactTo: reactToSessionOrOutage });
}

/** The signed-in person's balances (available, in escrow, paid out). */
export function useWallet() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: [...walletQueryKey(userId), 'balances'],
    queryFn: ({ signal }) => getWallet(signal),
    enabled: userId !== null,
  });
}

/**
 * Charges the card through the payment provider and credits the wallet. The caller keeps one
 * `idempotencyKey` per attempt and reuses it on retry, so a repeated request never credits twice.
 */
export async function postTopUp(input: TTopUpInput, idempotencyKey: string): Promise<TTopUpResponse> {
  return apiRequest('/api/wallet/top-ups', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: ZTopUpResponse,
    reactTo: reactToSessionOrOutage,
  });
}

/** After money moved: balances and history of this person are stale. */
export function invalidateWallet(queryClient: QueryClient, userId: string | null): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletQueryKey(userId) });
}
