import { ZGetSellerResponse } from '@pulse/contract/sellers';
import { apiRequest } from '../api-client';

export async function getSeller(userId: string) {
  return apiRequest(`/api/sellers/${encodeURIComponent(userId)}`, { schema: ZGetSellerResponse });
}
