import { useQuery } from '@tanstack/react-query';
import { ZAdminApplicationDetail, type TAdminApplicationDetail } from '@pulse/contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-query-keys';

export async function getAdminApplication(id: string, signal?: AbortSignal): Promise<TAdminApplicationDetail> {
  return apiRequest(`/api/admin/applications/${encodeURIComponent(id)}`, { schema: ZAdminApplicationDetail, signal });
}

/** The whole application with its ID document and earlier rounds. */
export function useAdminApplication(id: string | null) {
  return useQuery({
    queryKey: adminKeys.application(id ?? ''),
    queryFn: ({ signal }) => getAdminApplication(id ?? '', signal),
    enabled: id !== null,
  });
}
