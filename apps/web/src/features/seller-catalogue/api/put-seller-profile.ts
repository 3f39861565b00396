import { ZSellerProfile, type TSellerProfile, type TUpdateSellerProfileRequest } from '@pulse/contract/seller-profile';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from './seller-failure-filter';

/** PUT /api/seller/profile: every field is sent; the form shows 400 field messages itself. */
export async function putSellerProfile(request: TUpdateSellerProfileRequest): Promise<TSellerProfile> {
  return apiRequest('/api/seller/profile', { method: 'PUT', body: request, schema: ZSellerProfile, reactTo: reactToSessionOrOutage });
}
