/**
 * Product import fixtures (tests/seller-import.spec.ts): an approved seller with an empty catalogue,
 * so the spec's counts are its own. Only that spec uses it.
 */
import type { Db } from '../../apps/server/src/db/client';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const SELLER_IMPORT_USER = { email: 'seller@seller-import.e2e.example', username: 'ledger_farm_seller' } as const;

export async function seedSellerImportFixtures(db: Db): Promise<void> {
  await createLocalUser(db, { ...SELLER_IMPORT_USER, password: FIXTURE_PASSWORD, roles: ['buyer', 'seller'] });
  await setSellerStatus(db, { email: SELLER_IMPORT_USER.email, status: 'approved', businessName: 'Ledger Farm' });
}
