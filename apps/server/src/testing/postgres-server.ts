import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { TEST_ENV } from './create-test-app';
import { createTestDatabase } from './create-test-database';

/**
 * The PostgreSQL server the spawned-process tests make their throw-away databases on: the one
 * DATABASE_URL names, or the local one CI has (127.0.0.1:5432, trust auth).
 */
export const POSTGRES_SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL server answers at `url` within 2 s (a file without one has nothing to run). */
export async function postgresReachable(url: string = POSTGRES_SERVER_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export interface AppOnPostgres {
  /** The app of the test: it writes the fixtures and reads what the spawned processes did. */
  app: FastifyInstance;
  /** The throw-away database's address, for the processes the test spawns on it. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * A throw-away database on the PostgreSQL server at `serverUrl` and a test's app on it, its order
 * timers off (the spawned processes are what the test is about).
 */
export async function createAppOnPostgres(serverUrl: string = POSTGRES_SERVER_URL): Promise<AppOnPostgres> {
  const database = await createTestDatabase({ ...process.env, DATABASE_URL: serverUrl });
  const databaseUrl = database.databaseUrl ?? '';
  const app = await buildApp({ config: loadConfig({ ...TEST_ENV, DATABASE_URL: databaseUrl, ORDER_TIMERS: 'off' }), db: database.database, logger: false });
  await app.ready();
  return {
    app,
    databaseUrl,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
