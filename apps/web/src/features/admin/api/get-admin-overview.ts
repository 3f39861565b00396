import { useQuery } from '@tanstack/react-query';
import { ZGetAdminOverviewResponse } from '@pulse/contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-query-keys';

export async function getAdminOverview() {
  return apiRequest('/api/admin/overview', { schema: ZGetAdminOverviewResponse });
}

export function useAdminOverview() {
  return useQuery({ queryKey: adminKeys.overview(), queryFn: getAdminOverview });
}
