import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TDemoAccount } from '@pulse/contract/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sellerProfiles } from '../../db/schema/seller-profiles';
import { users } from '../../db/schema/users';
import { DEMO_PASSWORD } from '../../seed/catalogue-data';
import { SEED_AGENTS } from '../../seed/demo-delivery-seed';
import { DEMO_BUYER_EMAIL, DEMO_SELLER_EMAIL } from '../../seed/demo-seed';
import { DEMO_SEED_STATE_KEY } from '../../seed/seed-repository';
import { findSetting } from '../settings/settings-repository';

/**
 * The accounts "Try the demo" offers, in the order the login page shows them. Fixed e-mails of
 * the demo seed: whatever else the database holds, no other account can ever be listed.
 */
const DEMO_ACCOUNTS: ReadonlyArray<{ role: TDemoAccount['role']; email: string }> = [
  { role: 'buyer', email: DEMO_BUYER_EMAIL },
  { role: 'seller', email: DEMO_SELLER_EMAIL },
  // Kofi: delivery and referral agent, so his dashboard shows both sides of the agent portal.
  ...SEED_AGENTS.slice(0, 1).map((agent) => ({ role: 'agent' as const, email: agent.email })),
];

/**
 * The demo accounts with their public password (decision 032), or none: only while SEED_DEMO is
 * on and this database holds a finished demo seed, and only those demo accounts still there and
 * not suspended. Two small reads; the login page asks once per visit.
 */
export async function listDemoAccounts(db: Db, config: Pick<Config, 'seedDemo'>): Promise<TDemoAccount[]> {
  if (!config.seedDemo) return [];
  if ((await findSetting(db, DEMO_SEED_STATE_KEY)) !== 'finished') return [];
  const rows = await db
    .select({ email: users.email, username: users.username, shopName: sellerProfiles.shopName })
    .from(users)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
    .where(and(inArray(users.email, DEMO_ACCOUNTS.map((account) => account.email)), isNull(users.suspendedAt)));
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  return DEMO_ACCOUNTS.flatMap(({ role, email }) => {
    const row = byEmail.get(email);
    if (!row) return [];
    const name = role === 'seller' && row.shopName ? row.shopName : row.username;
    return [{ role, name, email, password: DEMO_PASSWORD }];
  });
}
