import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOrderDetails, ZSlotListResponse, type TDeliverySlot, type TFulfilment, type TOrderDetails } from '@pulse/contract/orders';
import { ZBasketResponse, type TBasketResponse } from '@pulse/contract/baskets';
import {
  ZStandingOrderDetail,
  ZStandingOrderListResponse,
  ZStandingOrderPreviewResponse,
  type TCreateStandingOrderRequest,
  type TPauseStandingOrderRequest,
  type TSkipCycleRequest,
  type TStandingOrderDetail,
  type TStandingOrderListResponse,
  type TStandingOrderPreviewResponse,
  type TUpdateStandingOrderRequest,
} from '@pulse/contract/standing-orders';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

/** Everything of the weekly baskets sits under this key: one invalidation refreshes list and details. */
export const STANDING_ORDERS_KEY = ['standing-orders'] as const;

const base = '/api/standing-orders';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export function getStandingOrders(signal?: AbortSignal): Promise<TStandingOrderListResponse> {
  return apiRequest(base, { schema: ZStandingOrderListResponse, signal, reactTo: reactToSessionOrOutage });
}

export function getStandingOrder(id: string, signal?: AbortSignal): Promise<TStandingOrderDetail> {
  return apiRequest(one(id), { schema: ZStandingOrderDetail, signal, reactTo: reactToSessionOrOutage });
}

export function postStandingOrderPreview(input: TCreateStandingOrderRequest, signal?: AbortSignal): Promise<TStandingOrderPreviewResponse> {
  return apiRequest(`${base}/preview`, { method: 'POST', body: input, schema: ZStandingOrderPreviewResponse, signal, reactTo: reactToSessionOrOutage });
}

export function postStandingOrder(input: TCreateStandingOrderRequest): Promise<TStandingOrderDetail> {
  return apiRequest(base, { method: 'POST', body: input, schema: ZStandingOrderDetail, reactTo: reactToSessionOrOutage });
}

export function patchStandingOrder(id: string, input: TUpdateStandingOrderRequest): Promise<TStandingOrderDetail> {
  return apiRequest(one(id), { method: 'PATCH', body: input, schema: ZStandingOrderDetail, reactTo: reactToSessionOrOutage });
}

/** The buyer's actions on one weekly basket; each answers with the weekly basket as it is now. */
export type StandingOrderAction =
  | { kind: 'skip'; body: TSkipCycleRequest }
  | { kind: 'pause'; body: TPauseStandingOrderRequest }
  | { kind: 'resume' }
  | { kind: 'cancel' }
  | { kind: 'confirm'; cycleId: string };

export function standingOrderActionPath(id: string, action: StandingOrderAction): string {
  if (action.kind === 'confirm') return `${one(id)}/cycles/${encodeURIComponent(action.cycleId)}/confirm`;
  return `${one(id)}/${action.kind}`;
}

export function postStandingOrderAction(id: string, action: StandingOrderAction): Promise<TStandingOrderDetail> {
  return apiRequest(standingOrderActionPath(id, action), {
    method: 'POST',
    body: 'body' in action ? action.body : {},
    schema: ZStandingOrderDetail,
    reactTo: reactToSessionOrOutage,
  });
}

export function useStandingOrders() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...STANDING_ORDERS_KEY, 'list', user?.id ?? null],
    queryFn: ({ signal }) => getStandingOrders(signal),
    enabled: user !== null,
  });
}

export function useStandingOrder(id: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...STANDING_ORDERS_KEY, 'detail', id],
    queryFn: ({ signal }) => getStandingOrder(id, signal),
    enabled: user !== null && id !== '',
    refetchOnWindowFocus: true,
  });
}

/** What the first cycle would be; asked again whenever the form's request changes (null: not complete yet). */
export function useStandingOrderPreview(input: TCreateStandingOrderRequest | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...STANDING_ORDERS_KEY, 'preview', input],
    queryFn: ({ signal }) => postStandingOrderPreview(input!, signal),
    enabled: user !== null && input !== null,
    retry: false,
  });
}

export function useCreateStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postStandingOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STANDING_ORDERS_KEY }),
  });
}

export function useUpdateStandingOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateStandingOrderRequest) => patchStandingOrder(id, input),
    onSuccess: (detail) => {
      queryClient.setQueryData([...STANDING_ORDERS_KEY, 'detail', id], detail);
      return queryClient.invalidateQueries({ queryKey: [...STANDING_ORDERS_KEY, 'list'] });
    },
  });
}

export function useStandingOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: StandingOrderAction) => postStandingOrderAction(id, action),
    onSuccess: (detail) => {
      queryClient.setQueryData([...STANDING_ORDERS_KEY, 'detail', id], detail);
      return queryClient.invalidateQueries({ queryKey: [...STANDING_ORDERS_KEY, 'list'] });
    },
  });
}

/** The order a weekly basket starts from ("Repeat every week" on the order page). */
export function useSourceOrder(orderId: string | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['orders', 'detail', orderId ?? ''],
    queryFn: ({ signal }): Promise<TOrderDetails> => apiRequest(`/api/orders/${encodeURIComponent(orderId!)}`, { schema: ZOrderDetails, signal, reactTo: reactToSessionOrOutage }),
    enabled: user !== null && orderId !== null,
  });
}

/** The basket a weekly basket starts from ("Make this a weekly basket" at checkout); same key as the basket page's. */
export function useSourceBasket(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['basket', 'lines', user?.id ?? null],
    queryFn: ({ signal }): Promise<TBasketResponse> => apiRequest('/api/baskets', { schema: ZBasketResponse, signal, reactTo: reactToSessionOrOutage }),
    enabled: user !== null && enabled,
  });
}

/** The farm's open pickup or delivery slots (the first cycle is one of them); the checkout's key. */
export function useFarmSlots(sellerUserId: string | null, method: TFulfilment) {
  return useQuery({
    queryKey: ['checkout', 'slots', sellerUserId, method],
    queryFn: async ({ signal }): Promise<TDeliverySlot[]> => {
      const query = new URLSearchParams({ method }).toString();
      const response = await apiRequest(`/api/sellers/${encodeURIComponent(sellerUserId!)}/slots?${query}`, { schema: ZSlotListResponse, signal, reactTo: reactToSessionOrOutage });
      return response.items;
    },
    enabled: sellerUserId !== null,
  });
}
