import { z } from 'zod';
import type { TAddBasketItemInput } from '@pulse/contract/baskets';
import { apiRequest, reactToSessionExpiryOnly } from '../../../lib/api-client';

/** Adds a product to the basket (reorder); a refusal (sold out, paused) is reported by the caller, not toasted. */
export async function postBasketItem(input: TAddBasketItemInput): Promise<void> {
  await apiRequest('/api/baskets/items', { method: 'POST', body: input, schema: z.unknown(), reactTo: reactToSessionExpiryOnly });
}
