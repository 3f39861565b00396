import type { QueryClient } from '@tanstack/react-query';
import { ZPayoutResponse, type TPayoutInput, type TPayoutResponse, type TSellerWalletResponse } from '@pulse/contract/wallet';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { walletQueryKey } from '../../../lib/wallet-api';

/**
 * Sends money from the available balance to the seller's payout details through the payment
 * provider. The caller keeps one `idempotencyKey` per attempt and reuses it on retry, so a repeated
 * request never pays out twice.
 */
export async function postPayout(input: TPayoutInput, idempotencyKey: string): Promise<TPayoutResponse> {
  return apiRequest('/api/wallet/payouts', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: ZPayoutResponse,
    reactTo: reactToSessionOrOutage,
  });
}

/** Shows the balances the payout answer carries at once, before the refetch confirms them. */
export function applyPayoutBalances(queryClient: QueryClient, userId: string | null, response: TPayoutResponse): void {
  queryClient.setQueriesData<TSellerWalletResponse>({ queryKey: [...walletQueryKey(userId), 'seller'] }, (current) =>
    current ? { ...current, availableMinor: response.wallet.availableMinor, paidOutMinor: response.wallet.paidOutMinor } : current,
  );
}
