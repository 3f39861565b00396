import type { TGetSellerResponse, TSellerStatus } from '@pulse/contract/sellers';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { InvalidError, NotFoundError } from '../../errors/domain-errors';
import { addUserRole, findUserByEmail } from '../auth/users-repository';
import { findSellerApplicationByUserId, upsertSellerApplication } from './sellers-repository';

export const SELLER_NOT_FOUND_MESSAGE = 'No seller application was found for this user.';

/**
 * The seller application of `userId`, visible to that user and to admins only. Anyone else gets
 * the same 404 as for a user without one, so ids cannot be probed.
 */
export async function getSellerApplication(db: Db, caller: UserRow, userId: string): Promise<TGetSellerResponse> {
  const allowed = caller.id === userId || caller.roles.includes('admin');
  const application = allowed ? await findSellerApplicationByUserId(db, userId) : null;
  if (!application) throw new NotFoundError(SELLER_NOT_FOUND_MESSAGE);
  return {
    id: application.id,
    userId: application.userId,
    status: application.status,
    businessName: application.businessName,
    rejectionReason: application.rejectionReason,
    updatedAt: application.updatedAt.toISOString(),
  };
}

export interface SellerStatusChange {
  email: string;
  status: TSellerStatus;
  businessName?: string | undefined;
  rejectionReason?: string | undefined;
}

/** Creates or updates a user's application; approval also grants the seller role. */
export async function setSellerStatus(db: Db, change: SellerStatusChange) {
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, change.email);
    if (!user) throw new NotFoundError(`No user has the e-mail ${change.email}.`);
    const existing = await findSellerApplicationByUserId(tx, user.id);
    const businessName = change.businessName?.trim() || existing?.businessName || user.username;
    if (change.status === 'rejected' && !change.rejectionReason?.trim() && !existing?.rejectionReason) {
      throw new InvalidError('Give a reason when rejecting an application.', { reason: 'Give a reason when rejecting an application.' });
    }
    const rejectionReason = change.status === 'rejected' ? change.rejectionReason?.trim() || existing?.rejectionReason || null : null;
    const application = await upsertSellerApplication(tx, { userId: user.id, status: change.status, businessName, rejectionReason });
    const updatedUser = change.status === 'approved' ? await addUserRole(tx, user.id, 'seller') : user;
    return { application, user: updatedUser ?? user };
  });
}
