import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from './seller-failure-filter';

/** DELETE /api/products/{id} archives the product (kept for past orders and reviews); 204. */
export async function deleteProduct(productId: string): Promise<void> {
  await apiRequest(`/api/products/${encodeURIComponent(productId)}`, { method: 'DELETE', schema: z.undefined(), reactTo: reactToSessionOrOutage });
}
