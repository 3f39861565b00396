import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ZAdminUser, type TAdminUser, type TAdminUserListResponse } from '@pulse/contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';
import { adminKeys } from './admin-query-keys';

export type SuspensionChange = { change: 'suspend'; reason: string } | { change: 'unsuspend' };

export async function postUserSuspension(userId: string, input: SuspensionChange): Promise<TAdminUser> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/${input.change}`, {
    method: 'POST',
    body: input.change === 'suspend' ? { reason: input.reason } : undefined,
    schema: ZAdminUser,
    reactTo: reactToSessionOrOutage,
  });
}

/** Suspend (the user's sessions end at once) or lift a suspension. */
export function useUserSuspension(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SuspensionChange) => postUserSuspension(userId, input),
    onSuccess: (user) => {
      queryClient.setQueriesData<InfiniteData<TAdminUserListResponse>>({ queryKey: adminKeys.users() }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === user.id ? user : item)) })) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() });
    },
  });
}
