import { useQuery } from '@tanstack/react-query';
import { ZGetAdminOverviewResponse } from '@pulse/contract/admin';
import { apiRequest } from '../../../lib/api-client';

export async function getAdminOverview() {
  return apiRequest('/api/admin/overview', { schema: ZGetAdminOverviewResponse });
}

export function useAdminOverview() {
  return useQuery({ queryKey: ['admin', 'overview'], queryFn: getAdminOverview });
}
