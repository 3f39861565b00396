import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sellerApplications } from '../../db/schema/seller-applications';
import type { UserRow } from '../../db/schema/users';
import { ForbiddenError } from '../../errors/domain-errors';

export const SELLER_ONLY_MESSAGE = contractMessage(msg`This is for sellers. Apply to sell on Pulse Market first.`);
export const SELLER_NOT_APPROVED_MESSAGE = contractMessage(msg`Your seller application is not approved yet.`);
export const ADMIN_ONLY_MESSAGE = contractMessage(msg`Only Pulse Market admins can do this.`);

/** Whether the user's seller application is approved (decision 013: approval unlocks the workspace). */
export async function isApprovedSeller(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ status: sellerApplications.status }).from(sellerApplications).where(eq(sellerApplications.userId, userId));
  return row?.status === 'approved';
}

/**
 * 403 unless the user may work in the seller workspace: the seller role (given when they apply)
 * AND an approved application. A pending or rejected applicant has the role but is refused here.
 */
export async function assertApprovedSeller(db: Db, user: Pick<UserRow, 'id' | 'roles'>): Promise<void> {
  if (!user.roles.includes('seller')) throw new ForbiddenError(SELLER_ONLY_MESSAGE);
  if (!(await isApprovedSeller(db, user.id))) throw new ForbiddenError(SELLER_NOT_APPROVED_MESSAGE);
}

/** 403 unless the user has the admin role. */
export function assertAdmin(user: Pick<UserRow, 'roles'>): void {
  if (!user.roles.includes('admin')) throw new ForbiddenError(ADMIN_ONLY_MESSAGE);
}
