import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TAddBasketItemInput } from '@pulse/contract/baskets';
import { apiRequest } from '../api-client';
import { reactToSessionOrOutage } from './catalogue-failure-filter';

/**
 * Adds `quantity` to the basket line of the product (the server creates the line if needed). A
 * refusal (only N left, below the minimum order) is shown beside the button, not as a toast.
 */
export async function postBasketItem(input: TAddBasketItemInput): Promise<void> {
  await apiRequest('/api/baskets/items', { method: 'POST', body: input, schema: z.unknown(), reactTo: reactToSessionOrOutage });
}

/** Every basket query (the top bar's count, the basket page) starts with this key. */
const BASKET_QUERY_KEY = ['basket'] as const;

export function useAddToBasket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBasketItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BASKET_QUERY_KEY }),
  });
}
