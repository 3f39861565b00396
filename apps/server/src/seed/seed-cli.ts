/**
 * `npm run seed -- --products 100000 [--batch 1000] [--no-images]`: adds synthetic products to the
 * configured database (DATABASE_URL, else PGlite in DATA_DIR; stop the server first on PGlite).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createDb, DatabaseLockedError } from '../db/client';
import { migrate } from '../db/migrate';
import { createObjectStorage } from '../modules/uploads/create-object-storage';
import { seedLargeCatalogue } from './large-seed';

const USAGE = 'Usage: npm run seed -- --products <count> [--batch <rows per insert, default 1000>] [--no-images]';

function positiveInteger(text: string | undefined, name: string, max: number): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new ConfigError(`--${name} must be a whole number between 1 and ${max.toLocaleString('en')}. ${USAGE}`);
  }
  return Number(text);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { products: { type: 'string' }, batch: { type: 'string' }, 'no-images': { type: 'boolean' } },
    allowPositionals: false,
  });
  const products = positiveInteger(values.products, 'products', 10_000_000);
  const batchSize = values.batch === undefined ? 1000 : positiveInteger(values.batch, 'batch', 3000);
  const config = loadConfig();
  const database = await createDb(config);
  const { storage, close } = await createObjectStorage(config);
  try {
    await migrate(database);
    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`Adding ${products.toLocaleString('en')} products to ${where}, ${batchSize} per batch...`);
    const result = await seedLargeCatalogue(
      { db: database.orm, objectStorage: storage },
      { products, batchSize, images: !values['no-images'], log: (line) => console.log(line) },
    );
    console.log(
      `Done: ${result.products.toLocaleString('en')} products from ${result.sellers} sellers, ${result.images} shared pictures, ` +
        `in ${(result.milliseconds / 1000).toFixed(1)} s.`,
    );
  } finally {
    await close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) console.error(error.message);
  else if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) console.error(`${error.message}\n${USAGE}`);
  else console.error('The seed failed:', error);
  process.exit(1);
});
