import type { QueryClient } from '@tanstack/react-query';
import type { TTopUpResponse, TWalletResponse } from '@pulse/contract/wallet';
import { invalidateWallet, walletQueryKey } from '../wallet-api';
import { topUpQueryKey } from './get-top-up';

/**
 * Keeps what the server answered about a top-up: the top-up itself (so the polling card starts from
 * it) and the balances it carries, shown at once; once decided, the history and balances are read
 * again (a succeeded top-up is a new line).
 */
export async function applyTopUpResult(queryClient: QueryClient, userId: string | null, response: TTopUpResponse): Promise<void> {
  queryClient.setQueryData(topUpQueryKey(userId, response.id), response);
  queryClient.setQueryData<TWalletResponse>([...walletQueryKey(userId), 'balances'], (current) =>
    current ? { ...current, ...response.wallet, paymentProvider: response.wallet.paymentProvider ?? current.paymentProvider } : response.wallet,
  );
  if (response.status !== 'pending') await invalidateWallet(queryClient, userId);
}
