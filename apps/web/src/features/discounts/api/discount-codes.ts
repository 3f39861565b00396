import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZDiscountCodeResponse,
  ZListDiscountCodesResponse,
  type TCreateDiscountCodeRequest,
  type TDiscountCode,
  type TUpdateDiscountCodeRequest,
} from '@pulse/contract/discounts';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

/** Whose codes: the farm's own (/api/seller/...) or the platform's (/api/admin/...). */
export type DiscountScope = 'seller' | 'admin';

const base = (scope: DiscountScope) => `/api/${scope}/discount-codes`;

export function useDiscountCodes(scope: DiscountScope) {
  return useQuery({
    queryKey: ['discount-codes', scope],
    queryFn: ({ signal }) => apiRequest(base(scope), { schema: ZListDiscountCodesResponse, signal, reactTo: reactToSessionOrOutage }),
  });
}

export function useCreateDiscountCode(scope: DiscountScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateDiscountCodeRequest): Promise<TDiscountCode> =>
      apiRequest(base(scope), { method: 'POST', body: input, schema: ZDiscountCodeResponse, reactTo: reactToSessionOrOutage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discount-codes', scope] }),
  });
}

export function useUpdateDiscountCode(scope: DiscountScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ codeId, input }: { codeId: string; input: TUpdateDiscountCodeRequest }): Promise<TDiscountCode> =>
      apiRequest(`${base(scope)}/${encodeURIComponent(codeId)}`, { method: 'PATCH', body: input, schema: ZDiscountCodeResponse, reactTo: reactToSessionOrOutage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discount-codes', scope] }),
  });
}
