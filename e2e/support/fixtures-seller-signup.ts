/**
 * Seller sign-up fixtures (tests/seller-signup.spec.ts): a person who holds the seller role but
 * has not applied yet, so the menu shows "Switch to Seller". Only that spec uses them: it submits
 * an application, which the other mode-switch specs must not see on their users.
 */
import type { Db } from '../../apps/server/src/db/client';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const SELLER_SIGNUP_USERS = {
  applicant: { email: 'applicant@seller-signup.e2e.example', username: 'seller_signup_applicant' },
  /** Applied as "Rejected Ridge" and was turned down with REJECTION_REASON. */
  rejected: { email: 'rejected@seller-signup.e2e.example', username: 'seller_signup_rejected' },
} as const;

export const REJECTED_BUSINESS_NAME = 'Rejected Ridge';
export const REJECTION_REASON = 'The ID photo is too blurred to read.';

export async function seedSellerSignupFixtures(db: Db): Promise<void> {
  await createLocalUser(db, { ...SELLER_SIGNUP_USERS.applicant, password: FIXTURE_PASSWORD, roles: ['buyer', 'seller'] });
  await createLocalUser(db, { ...SELLER_SIGNUP_USERS.rejected, password: FIXTURE_PASSWORD, roles: ['buyer', 'seller'] });
  await setSellerStatus(db, { email: SELLER_SIGNUP_USERS.rejected.email, status: 'rejected', businessName: REJECTED_BUSINESS_NAME, rejectionReason: REJECTION_REASON });
}
