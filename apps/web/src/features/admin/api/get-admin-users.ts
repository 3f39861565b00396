import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ZAdminUserListResponse, type TAdminUserListResponse } from '@pulse/contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-query-keys';

const PAGE_SIZE = 20;

export async function getAdminUsers(q: string, cursor: string | null, signal?: AbortSignal): Promise<TAdminUserListResponse> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/admin/users?${params.toString()}`, { schema: ZAdminUserListResponse, signal });
}

/** Accounts matching `q` (e-mail or username), newest first. */
export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: [...adminKeys.users(), q],
    queryFn: ({ pageParam, signal }) => getAdminUsers(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
}
