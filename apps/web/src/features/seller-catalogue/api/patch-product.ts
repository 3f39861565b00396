import { ZProductDetails, type TProductDetails, type TProductPatch } from '@pulse/contract/products';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from './seller-failure-filter';

/** PATCH /api/products/{id}: only the fields that changed. */
export async function patchProduct(productId: string, patch: TProductPatch): Promise<TProductDetails> {
  return apiRequest(`/api/products/${encodeURIComponent(productId)}`, { method: 'PATCH', body: patch, schema: ZProductDetails, reactTo: reactToSessionOrOutage });
}
