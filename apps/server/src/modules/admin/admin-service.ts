import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import type { TGetAdminOverviewResponse } from '@pulse/contract/admin';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { ForbiddenError } from '../../errors/domain-errors';
import { countAgentApplicationsByStatus } from '../agents/agents-repository';
import { countUsers } from '../auth/users-repository';
import { countOpenReports } from '../hub/hub-reports-repository';
import { countSellerApplicationsByStatus } from '../sellers/sellers-repository';

export const ADMIN_ONLY_MESSAGE = contractMessage(msg`You do not have permission to view the admin console.`);

export function assertAdmin(user: UserRow): void {
  if (!user.roles.includes('admin')) throw new ForbiddenError(ADMIN_ONLY_MESSAGE);
}

export async function getAdminOverview(db: Db, caller: UserRow): Promise<TGetAdminOverviewResponse> {
  assertAdmin(caller);
  return {
    users: await countUsers(db),
    pendingSellerApplications: await countSellerApplicationsByStatus(db, 'pending'),
    pendingAgentApplications: await countAgentApplicationsByStatus(db, 'pending'),
    openReports: await countOpenReports(db),
  };
}
