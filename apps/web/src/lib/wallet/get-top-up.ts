import { useQuery } from '@tanstack/react-query';
import { ZTopUpResponse, type TTopUpResponse } from '@pulse/contract/wallet';
import { apiRequest, reactToSessionExpiryOnly } from '../api-client';
import { isApiError } from '../api-error';
import { useAuth } from '../auth/use-auth';
import { walletQueryKey } from '../wallet-api';
import { shouldPollTopUp, TOP_UP_POLL_INTERVAL_MS } from './top-up-flow';
import { postTopUpCancel } from './post-top-up-cancel';

export function topUpQueryKey(userId: string | null, id: string) {
  return [...walletQueryKey(userId), 'top-up', id] as const;
}

/**
 * One top-up as the server knows it. While it is pending the server verifies it with the provider
 * on each call, so asking again is how a pending top-up gets decided when no webhook came.
 * Failures are shown in place (the card says what went wrong); only an expired session reacts.
 */
export async function getTopUp(id: string, signal?: AbortSignal): Promise<TTopUpResponse> {
  return apiRequest(`/api/wallet/top-ups/${encodeURIComponent(id)}`, { schema: ZTopUpResponse, signal, reactTo: reactToSessionExpiryOnly });
}

/**
 * A top-up, asked again every 2 s while it waits for the provider and `poll` holds (the caller
 * stops after 3 minutes); a 404 (someone else's or an unknown id) is not asked again. With
 * `cancel` (back from the provider's Cancel) each ask is the cancel instead, until it is decided.
 */
export function useTopUp(id: string, { poll, cancel = false }: { poll: boolean; cancel?: boolean }) {
  const { user } = useAuth();
  return useQuery({
    queryKey: topUpQueryKey(user?.id ?? null, id),
    queryFn: ({ signal }) => (cancel ? postTopUpCancel(id, signal) : getTopUp(id, signal)),
    refetchInterval: (query) => (poll && !isNotFound(query.state.error) && shouldPollTopUp(query.state.data) ? TOP_UP_POLL_INTERVAL_MS : false),
    // A phone often leaves the page in the background while the person approves the payment.
    refetchIntervalInBackground: true,
    // The answer just received (setQueryData) is as fresh as a poll.
    staleTime: TOP_UP_POLL_INTERVAL_MS,
  });
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
