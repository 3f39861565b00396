import { useQuery } from '@tanstack/react-query';
import { ZCheckoutPaymentResponse, type TCheckoutPaymentResponse } from '@pulse/contract/orders';
import type { TPaymentOtpInput } from '@pulse/contract/wallet';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/wallet/get-top-up';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { shouldPollTopUp, TOP_UP_POLL_INTERVAL_MS } from '../../../lib/wallet/top-up-flow';

export function checkoutPaymentQueryKey(userId: string | null, checkoutId: string) {
  return ['checkout', 'payment', userId, checkoutId] as const;
}

/**
 * A checkout paid through the provider, as the server knows it now. While it is pending the server
 * verifies it with the provider on each call, so asking again is how it gets decided when no
 * webhook came. Failures are shown in place; only an expired session reacts.
 */
export async function getCheckoutPayment(checkoutId: string, signal?: AbortSignal): Promise<TCheckoutPaymentResponse> {
  return apiRequest(`/api/checkout/${encodeURIComponent(checkoutId)}/payment`, { schema: ZCheckoutPaymentResponse, signal, reactTo: reactToSessionExpiryOnly });
}

/** The SMS code the mobile money network sent (a payment pending with nextAction send_otp). */
export async function postCheckoutPaymentOtp(checkoutId: string, input: TPaymentOtpInput): Promise<TCheckoutPaymentResponse> {
  return apiRequest(`/api/checkout/${encodeURIComponent(checkoutId)}/payment/otp`, {
    method: 'POST',
    body: input,
    schema: ZCheckoutPaymentResponse,
    reactTo: reactToSessionOrOutage,
  });
}

/**
 * The buyer cancelled on the provider's page: the server verifies first (a payment that went through
 * pays the orders), else it gives the payment up: the orders are cancelled and the lines are back in
 * the basket. Asking twice answers the same.
 */
export async function postCheckoutPaymentCancel(checkoutId: string, signal?: AbortSignal): Promise<TCheckoutPaymentResponse> {
  return apiRequest(`/api/checkout/${encodeURIComponent(checkoutId)}/payment/cancel`, {
    method: 'POST',
    schema: ZCheckoutPaymentResponse,
    signal,
    reactTo: reactToSessionExpiryOnly,
  });
}

/**
 * The checkout's payment, asked again every 2 s (as the wallet asks about a top-up) while it waits
 * for the provider and `poll` holds (the caller stops after 3 minutes); not while the buyer types
 * the SMS code, and never again after a 404. With `cancel` (back from the provider's Cancel) each
 * ask is the cancel instead, until it is decided.
 */
export function useCheckoutPayment(checkoutId: string, { poll, cancel = false }: { poll: boolean; cancel?: boolean }) {
  const { user } = useAuth();
  return useQuery({
    queryKey: checkoutPaymentQueryKey(user?.id ?? null, checkoutId),
    queryFn: ({ signal }) => (cancel ? postCheckoutPaymentCancel(checkoutId, signal) : getCheckoutPayment(checkoutId, signal)),
    enabled: user !== null,
    refetchInterval: (query) => (poll && !isNotFound(query.state.error) && shouldPollTopUp(query.state.data?.payment) ? TOP_UP_POLL_INTERVAL_MS : false),
    // A phone often leaves the page in the background while the buyer approves the payment.
    refetchIntervalInBackground: true,
    staleTime: TOP_UP_POLL_INTERVAL_MS,
  });
}
