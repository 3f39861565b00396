import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAuthProvidersResponse, ZAuthResponse } from '@pulse/contract/auth';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { users } from '../../db/schema/users';
import { DEMO_PASSWORD } from '../../seed/catalogue-data';
import { SEED_AGENTS } from '../../seed/demo-delivery-seed';
import { DEMO_BUYER_EMAIL, DEMO_SELLER_EMAIL } from '../../seed/demo-seed';
import { insertApprovedSellerApplications, insertUsers, writeDemoSeedState } from '../../seed/seed-repository';
import { nextSignUpAddress } from '../../testing/auth-helpers';
import { createTestApp, TEST_ENV, type TestApp } from '../../testing/create-test-app';
import { hashPassword } from './password-hashing';

/**
 * "Try the demo" on the login page (decision 032): GET /api/auth/providers lists the demo buyer,
 * seller and agent with their public password once the demo seed has finished, and nothing when
 * SEED_DEMO is off or the seed has not finished. The demo accounts are written here as the seed
 * writes them (same e-mails, same password, the seller's approved shop), beside an ordinary
 * account, without seeding the whole market.
 */

const AGENT_EMAIL = SEED_AGENTS[0]?.email ?? '';
const OTHER_EMAIL = 'someone.real@example.com';

let testApp: TestApp;
/** A second app on the same database, started with SEED_DEMO=false. */
let seedDemoOff: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp({ SEED_DEMO: 'true' });
  seedDemoOff = await buildApp({ config: loadConfig({ ...TEST_ENV, SEED_DEMO: 'false' }), db: testApp.database, logger: false });
  await seedDemoOff.ready();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await insertUsers(testApp.app.db, [
    { email: DEMO_BUYER_EMAIL, username: 'ama_buys', passwordHash, roles: ['buyer'] },
    { email: DEMO_SELLER_EMAIL, username: 'green_valley', passwordHash, roles: ['buyer', 'seller'] },
    { email: AGENT_EMAIL, username: 'kofi_rides', passwordHash, roles: ['buyer', 'agent'] },
    // Same password, so only the e-mail list can keep it out.
    { email: OTHER_EMAIL, username: 'someone_real', passwordHash, roles: ['buyer', 'seller'] },
  ]);
  const sellerId = rows.find((row) => row.email === DEMO_SELLER_EMAIL)?.id ?? '';
  await insertApprovedSellerApplications(testApp.app.db, [{ userId: sellerId, businessName: 'Green Valley Farm', region: 'Kumasi, Ashanti' }]);
});

afterAll(async () => {
  await seedDemoOff.close();
  await testApp.close();
});

async function demoAccountsOf(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/api/auth/providers' });
  expect(response.statusCode).toBe(200);
  return ZAuthProvidersResponse.parse(response.json()).demoAccounts;
}

describe('demo accounts on GET /api/auth/providers', () => {
  it('lists none on a database whose demo seed never ran or has not finished', async () => {
    expect(await demoAccountsOf(testApp.app)).toEqual([]);
    await writeDemoSeedState(testApp.app.db, 'started');
    expect(await demoAccountsOf(testApp.app)).toEqual([]);
  });

  it('lists the demo buyer, seller (by shop name) and agent with the public password once the seed finished, and nobody else', async () => {
    await writeDemoSeedState(testApp.app.db, 'finished');
    const accounts = await demoAccountsOf(testApp.app);
    expect(accounts).toEqual([
      { role: 'buyer', name: 'ama_buys', email: DEMO_BUYER_EMAIL, password: DEMO_PASSWORD },
      { role: 'seller', name: 'Green Valley Farm', email: DEMO_SELLER_EMAIL, password: DEMO_PASSWORD },
      { role: 'agent', name: 'kofi_rides', email: AGENT_EMAIL, password: DEMO_PASSWORD },
    ]);
    expect(JSON.stringify(accounts)).not.toContain(OTHER_EMAIL);
  });

  it('offers credentials that sign in', async () => {
    for (const account of await demoAccountsOf(testApp.app)) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
        remoteAddress: nextSignUpAddress(),
      });
      expect(response.statusCode, account.email).toBe(200);
      expect(ZAuthResponse.parse(response.json()).user.email).toBe(account.email);
    }
  });

  it('leaves out a demo account an admin suspended', async () => {
    await testApp.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.email, AGENT_EMAIL));
    try {
      expect((await demoAccountsOf(testApp.app)).map((account) => account.role)).toEqual(['buyer', 'seller']);
    } finally {
      await testApp.app.db.update(users).set({ suspendedAt: null }).where(eq(users.email, AGENT_EMAIL));
    }
  });

  it('lists none when the server runs with SEED_DEMO=false, even on that seeded database', async () => {
    expect(await demoAccountsOf(testApp.app)).toHaveLength(3);
    const response = await seedDemoOff.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ oidc: { enabled: false, name: null }, demoAccounts: [] });
  });
});
