import type { UserRow } from '../../db/schema/users';
import { ForbiddenError } from '../../errors/domain-errors';

export const SELLER_ONLY_MESSAGE = 'This is for sellers. Apply to sell on Pulse Market first.';
export const ADMIN_ONLY_MESSAGE = 'Only Pulse Market admins can do this.';

/** 403 unless the user has the seller role. */
export function assertSeller(user: Pick<UserRow, 'roles'>): void {
  if (!user.roles.includes('seller')) throw new ForbiddenError(SELLER_ONLY_MESSAGE);
}

/** 403 unless the user has the admin role. */
export function assertAdmin(user: Pick<UserRow, 'roles'>): void {
  if (!user.roles.includes('admin')) throw new ForbiddenError(ADMIN_ONLY_MESSAGE);
}
