import { useQuery } from '@tanstack/react-query';
import { ZListAdminPopupsResponse, type TListAdminPopupsResponse } from '@pulse/contract/popups';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-query-keys';

export async function getAdminPopups(signal?: AbortSignal): Promise<TListAdminPopupsResponse> {
  return apiRequest('/api/admin/popups', { schema: ZListAdminPopupsResponse, signal });
}

/** Every popup, past, live and scheduled, latest start first. */
export function useAdminPopups() {
  return useQuery({ queryKey: adminKeys.popups(), queryFn: ({ signal }) => getAdminPopups(signal) });
}
