import { useInfiniteQuery } from '@tanstack/react-query';
import { ZAuditLogResponse, type TAuditLogResponse } from '@pulse/contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-query-keys';

const PAGE_SIZE = 20;

export async function getAuditLog(cursor: string | null, signal?: AbortSignal): Promise<TAuditLogResponse> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/admin/audit-log?${params.toString()}`, { schema: ZAuditLogResponse, signal });
}

/** Every admin action, newest first ("Load more" follows the cursor). */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.auditLog(),
    queryFn: ({ pageParam, signal }) => getAuditLog(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
