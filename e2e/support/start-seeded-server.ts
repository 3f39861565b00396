/**
 * What every server of its own in the browser suite does (tests that need another currency or
 * provider than the fixture server's): a fresh PGlite folder (or, with E2E_DATABASE_URL, a fresh
 * PostgreSQL database named after it and the server), the migrations, the spec's own data,
 * then the real server (apps/server/src/main.ts) in this process. The start-*-server.ts scripts say
 * only what is theirs: the data and the settings.
 */
import { rmSync } from 'node:fs';
import { createDb } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { products } from '../../apps/server/src/db/schema/products';
import { recreatePostgresDatabase, siblingDatabaseUrl } from './postgres-database';
import { RAISED_RATE_LIMITS } from './server-env';

/** The database the seed writes to (the server's own, before it starts). */
export type SeedDb = Awaited<ReturnType<typeof createDb>>['orm'];

interface SeededServer {
  /** Named in the error when the start fails ("The payments server could not start"). */
  name: string;
  /** The environment variable holding the PGlite folder (wiped first). */
  dataDirVariable: string;
  /** The spec's data, written before the server starts. */
  seed: (db: SeedDb) => Promise<void>;
  /** The server's own settings (currency, provider...), over the suite's defaults. */
  env?: Record<string, string>;
}

async function start({ name, dataDirVariable, seed, env = {} }: SeededServer): Promise<void> {
  const dataDir = process.env[dataDirVariable];
  if (!dataDir) throw new Error(`${dataDirVariable} is not set`);
  rmSync(dataDir, { recursive: true, force: true });
  // With E2E_DATABASE_URL, on a PostgreSQL database of its own beside the suite's.
  const databaseUrl = siblingDatabaseUrl(name);
  if (databaseUrl) await recreatePostgresDatabase(databaseUrl);
  const database = await createDb({ databaseUrl, dataDir });
  try {
    await migrate(database);
    await seed(database.orm);
  } finally {
    await database.close();
  }
  Object.assign(process.env, {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
    OIDC_ISSUER: '',
    ...RAISED_RATE_LIMITS,
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    SEED_DEMO: 'false',
    ...env,
  });
  await import('../../apps/server/src/main');
}

/** Starts the server; a failure is printed and ends the process (the spec sees it exit). */
export function startSeededServer(server: SeededServer): void {
  start(server).catch((error: unknown) => {
    console.error(`The ${server.name} server could not start:`, error);
    process.exit(1);
  });
}

/** Garden eggs (kg) on sale at a farm in Greater Accra: the product these servers sell. */
export async function insertGardenEggs(
  db: SeedDb,
  farm: { sellerUserId: string; farmName: string; place: string; lat: number; lng: number; title: string; priceMinor: number },
): Promise<string> {
  const [product] = await db
    .insert(products)
    .values({
      sellerUserId: farm.sellerUserId,
      title: farm.title,
      description: `Small white African aubergines from ${farm.place}, for garden egg stew.`,
      category: 'vegetables',
      unit: 'kg',
      priceMinor: farm.priceMinor,
      stockQuantity: 50,
      minOrderQuantity: 1,
      harvestDate: new Date().toISOString().slice(0, 10),
      originFarmName: farm.farmName,
      originRegion: `${farm.place}, Greater Accra`,
      originLat: farm.lat,
      originLng: farm.lng,
      status: 'active',
    })
    .returning({ id: products.id });
  return product!.id;
}
