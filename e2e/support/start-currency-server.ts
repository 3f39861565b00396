/**
 * A server of its own for a spec about money in one currency (tests/money-formats.spec.ts): a fresh
 * PGlite folder with one farm, one product at a price the spec names and a buyer whose basket holds
 * two of it, then the real server (apps/server/src/main.ts) in this process with CURRENCY set.
 * Started by the spec as a child process (tsx), one per currency: PORT, CURRENCY, MONEY_PRICE_MINOR,
 * MONEY_DATA_DIR come from the spec.
 */
import { rmSync } from 'node:fs';
import { createDb } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { basketItems } from '../../apps/server/src/db/schema/basket-items';
import { products } from '../../apps/server/src/db/schema/products';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';
import { MONEY_BUYER, MONEY_FARM, MONEY_PRODUCT } from './money-formats-data';
import { RAISED_RATE_LIMITS } from './server-env';

async function prepare(dataDir: string, priceMinor: number): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  const database = await createDb({ databaseUrl: null, dataDir });
  try {
    await migrate(database);
    const db = database.orm;
    const farm = await createLocalUser(db, { email: MONEY_FARM.email, username: MONEY_FARM.username, password: FIXTURE_PASSWORD, roles: ['buyer', 'seller'] });
    await setSellerStatus(db, { email: MONEY_FARM.email, status: 'approved', businessName: MONEY_FARM.name });
    const buyer = await createLocalUser(db, { email: MONEY_BUYER.email, username: MONEY_BUYER.username, password: FIXTURE_PASSWORD });
    const [product] = await db
      .insert(products)
      .values({
        sellerUserId: farm.id,
        title: MONEY_PRODUCT,
        description: 'Small white African aubergines from Madina, for garden egg stew.',
        category: 'vegetables',
        unit: 'kg',
        priceMinor,
        stockQuantity: 50,
        minOrderQuantity: 1,
        harvestDate: new Date().toISOString().slice(0, 10),
        originFarmName: MONEY_FARM.name,
        originRegion: 'Madina, Greater Accra',
        originLat: 5.6837,
        originLng: -0.1657,
        status: 'active',
      })
      .returning({ id: products.id });
    await db.insert(basketItems).values({ userId: buyer.id, productId: product!.id, quantity: 2 });
  } finally {
    await database.close();
  }
}

async function start(): Promise<void> {
  const dataDir = process.env.MONEY_DATA_DIR;
  if (!dataDir) throw new Error('MONEY_DATA_DIR is not set');
  await prepare(dataDir, Number(process.env.MONEY_PRICE_MINOR));
  Object.assign(process.env, {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
    OIDC_ISSUER: '',
    ...RAISED_RATE_LIMITS,
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    SEED_DEMO: 'false',
  });
  await import('../../apps/server/src/main');
}

start().catch((error: unknown) => {
  console.error('The money-formats server could not start:', error);
  process.exit(1);
});
