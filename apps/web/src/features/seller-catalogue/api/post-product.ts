import { ZProductDetails, type TProductDetails, type TProductInput } from '@pulse/contract/products';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from './seller-failure-filter';

/** POST /api/products: the form shows 400/403 messages itself. */
export async function postProduct(input: TProductInput): Promise<TProductDetails> {
  return apiRequest('/api/products', { method: 'POST', body: input, schema: ZProductDetails, reactTo: reactToSessionOrOutage });
}
