import { z } from 'zod';
import type { QueryClient } from '@tanstack/react-query';
import type { TAddBasketItemInput } from '@pulse/contract/baskets';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

/** Line changes are answered with the line or the basket; the page refetches the basket either way. */
const ZAnyBody = z.unknown();

export async function patchBasketItem(itemId: string, quantity: number): Promise<void> {
  await apiRequest(`/api/baskets/items/${encodeURIComponent(itemId)}`, {
    method: 'PATCH',
    body: { quantity },
    schema: ZAnyBody,
    reactTo: reactToSessionOrOutage,
  });
}

export async function deleteBasketItem(itemId: string): Promise<void> {
  await apiRequest(`/api/baskets/items/${encodeURIComponent(itemId)}`, { method: 'DELETE', schema: ZAnyBody, reactTo: reactToSessionOrOutage });
}

/** Puts a removed line back (undo). */
export async function postBasketItem(input: TAddBasketItemInput): Promise<void> {
  await apiRequest('/api/baskets/items', { method: 'POST', body: input, schema: ZAnyBody, reactTo: reactToSessionOrOutage });
}

/** The basket page, the top-bar badge and any checkout quote follow every change. */
export async function invalidateBasket(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: ['basket'] }), queryClient.invalidateQueries({ queryKey: ['checkout'] })]);
}
