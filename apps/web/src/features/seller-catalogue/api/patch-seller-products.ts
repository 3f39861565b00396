import { ZBulkProductUpdateResponse, type TBulkProductUpdateRequest, type TBulkProductUpdateResponse } from '@pulse/contract/products';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from './seller-failure-filter';

/** PATCH /api/seller/products: new prices and stocks of several own products, all or nothing. */
export async function patchSellerProducts(request: TBulkProductUpdateRequest): Promise<TBulkProductUpdateResponse> {
  return apiRequest('/api/seller/products', { method: 'PATCH', body: request, schema: ZBulkProductUpdateResponse, reactTo: reactToSessionOrOutage });
}
