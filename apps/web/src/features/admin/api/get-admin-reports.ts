import { useInfiniteQuery } from '@tanstack/react-query';
import { ZAdminReportListResponse, type TAdminReportListResponse, type TReportStatus } from '@pulse/contract/hub';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-query-keys';

const PAGE_SIZE = 20;

export async function getAdminReports(status: TReportStatus, cursor: string | null, signal?: AbortSignal): Promise<TAdminReportListResponse> {
  const params = new URLSearchParams({ status, limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/admin/reports?${params.toString()}`, { schema: ZAdminReportListResponse, signal });
}

/** The Pulse Hub reports queue for one status: open ones oldest first, decided ones newest first. */
export function useAdminReports(status: TReportStatus) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.reports(), status],
    queryFn: ({ pageParam, signal }) => getAdminReports(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
