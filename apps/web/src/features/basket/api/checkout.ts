import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZCheckoutQuoteResponse,
  ZCheckoutResponse,
  ZSlotListResponse,
  type TCheckoutInput,
  type TCheckoutQuoteResponse,
  type TCheckoutResponse,
  type TDeliverySlot,
  type TFulfilment,
} from '@pulse/contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

export type QuoteSeller = TCheckoutQuoteResponse['sellers'][number];

export interface QuoteRequest {
  addressId: string | null;
  sellers: { sellerUserId: string; fulfilment: TFulfilment }[];
  /** Discount codes typed by the buyer (decision 062); absent without any. */
  discountCodes?: string[];
}

export async function postCheckoutQuote(input: QuoteRequest, signal?: AbortSignal): Promise<TCheckoutQuoteResponse> {
  return apiRequest('/api/checkout/quote', { method: 'POST', body: input, schema: ZCheckoutQuoteResponse, signal, reactTo: reactToSessionOrOutage });
}

/**
 * What the orders would cost with these choices, computed by the server like the checkout itself.
 * Keyed under ['checkout'] so a basket change (invalidateBasket) asks again.
 */
export function useCheckoutQuote(input: QuoteRequest, enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['checkout', 'quote', user?.id ?? null, input],
    queryFn: ({ signal }) => postCheckoutQuote(input, signal),
    enabled: enabled && user !== null,
    placeholderData: keepPreviousData,
  });
}

export async function getSellerSlots(sellerUserId: string, method: TFulfilment, signal?: AbortSignal): Promise<TDeliverySlot[]> {
  const query = new URLSearchParams({ method }).toString();
  const response = await apiRequest(`/api/sellers/${encodeURIComponent(sellerUserId)}/slots?${query}`, {
    schema: ZSlotListResponse,
    signal,
    reactTo: reactToSessionOrOutage,
  });
  return response.items;
}

/** A farm's open pickup or delivery windows (future, before cut-off, with room left). */
export function useSellerSlots(sellerUserId: string, method: TFulfilment | null) {
  return useQuery({
    queryKey: ['checkout', 'slots', sellerUserId, method],
    queryFn: ({ signal }) => getSellerSlots(sellerUserId, method!, signal),
    enabled: method !== null,
  });
}

/**
 * Places one order per farm and pays them from the wallet. `idempotencyKey` belongs to this attempt:
 * a retry with the same key returns the same orders instead of paying twice.
 */
export async function postCheckout(input: TCheckoutInput, idempotencyKey: string): Promise<TCheckoutResponse> {
  return apiRequest('/api/checkout', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: ZCheckoutResponse,
    reactTo: reactToSessionOrOutage,
  });
}
