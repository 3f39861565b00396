import { useInfiniteQuery } from '@tanstack/react-query';
import { ZAdminApplicationListResponse, type TAdminApplicationListResponse, type TApplicationKind } from '@pulse/contract/admin';
import { apiRequest } from '../../../lib/api-client';
import type { ApplicationStatusFilter } from '../utils/admin-filters';
import { adminKeys } from './admin-query-keys';

const PAGE_SIZE = 20;

export async function getAdminApplications(
  status: ApplicationStatusFilter,
  kind: TApplicationKind,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TAdminApplicationListResponse> {
  const params = new URLSearchParams({ kind, limit: String(PAGE_SIZE) });
  if (status !== 'all') params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/admin/applications?${params.toString()}`, { schema: ZAdminApplicationListResponse, signal });
}

/** Applications of one kind and status, newest submission first, a page at a time. */
export function useAdminApplications(status: ApplicationStatusFilter, kind: TApplicationKind) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.applications(), status, kind],
    queryFn: ({ pageParam, signal }) => getAdminApplications(status, kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
