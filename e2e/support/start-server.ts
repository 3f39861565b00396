/**
 * webServer of the suite: a fresh database at e2e/.artifacts/data, seeded through the server's own
 * modules, then the real server (apps/server/src/main.ts) in this same process.
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { APP_PORT, APP_URL, OIDC_CLIENT, OIDC_ISSUER_URL } from './fixtures';
import { seedFixtures } from './seed-fixtures';
import { recreatePostgresDatabase } from './postgres-database';
import { RAISED_RATE_LIMITS } from './server-env';

const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(e2eRoot, '..');
const dataDir = resolve(e2eRoot, '.artifacts/data');
const webIndex = resolve(repoRoot, 'apps/web/dist/index.html');

/**
 * E2E_DATABASE_URL (a PostgreSQL server URL) runs the suite on PostgreSQL instead of PGlite: a fresh
 * database named by the URL's path (dropped and created anew) replaces the data folder.
 */
const postgresUrl = process.env.E2E_DATABASE_URL || null;

async function prepareDatabase(): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  if (postgresUrl) await recreatePostgresDatabase(postgresUrl);
  const database = await createDb({ databaseUrl: postgresUrl, dataDir });
  try {
    await migrate(database);
    await seedFixtures(database.orm);
  } finally {
    // PGlite is single-process and flushes on close; the server opens the same folder next.
    await database.close();
  }
}

async function startServer(): Promise<void> {
  if (!existsSync(webIndex)) {
    console.error(`The web app is not built: ${webIndex} is missing. Run "npm run build -w @pulse/web" first.`);
    process.exit(1);
  }
  await prepareDatabase();
  Object.assign(process.env, {
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: postgresUrl ?? '',
    REDIS_URL: '',
    PUBLIC_URL: APP_URL,
    OIDC_ISSUER: OIDC_ISSUER_URL,
    OIDC_CLIENT_ID: OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    OIDC_NAME: OIDC_CLIENT.name,
    ...RAISED_RATE_LIMITS,
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    // The suite brings its own fixtures; the demo marketplace would only slow the start.
    SEED_DEMO: 'false',
    // The specs' figures are in dollars; the demo server (and `npm start`) count in cedis.
    CURRENCY: process.env.E2E_CURRENCY || 'USD',
  });
  // The suite logs the server at "warn": say here which Node serves it (decision 044).
  console.log(`[start-server] Node ${process.version} (${process.execPath})`);
  // main.ts starts listening on import, with its own signal handlers that close the database.
  await import('../../apps/server/src/main');
}

startServer().catch((error: unknown) => {
  console.error('The e2e server could not start:', error);
  process.exit(1);
});
