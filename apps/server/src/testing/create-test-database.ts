import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { createDb, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { MEMORY_DATA_DIR } from '../config';

export interface TestDatabase {
  database: Database;
  /** What the config should say to reach this database again (e.g. for a second app). */
  databaseUrl: string | null;
  /** Closes the connection and, on PostgreSQL, drops the throw-away database. */
  dispose(): Promise<void>;
}

/**
 * Where the test run's migrated template is (set by testing/database-template.ts, the server
 * project's global setup): a PGlite `dumpDataDir` file, or a database name on the PostgreSQL server.
 */
export const PGLITE_TEMPLATE_ENV = 'PULSE_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'PULSE_TEST_POSTGRES_TEMPLATE';

export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (its own database, because drizzle-kit's migrations name
 * the `public` schema, which rules out one schema per file). Under Vitest both start as a copy of
 * the run's migrated template (PGlite's initdb alone costs seconds of CPU per file); `migrate` then
 * finds nothing left to apply. Without a template (a bench, a script) the database is migrated here.
 */
export async function createTestDatabase(env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> {
  const serverUrl = env.DATABASE_URL;
  if (!serverUrl) {
    const templateFile = env[PGLITE_TEMPLATE_ENV];
    const loadDataDir = templateFile ? new Blob([await readFile(templateFile)]) : undefined;
    const database = await createDb({ databaseUrl: null, dataDir: MEMORY_DATA_DIR }, { loadDataDir });
    await migrate(database);
    return { database, databaseUrl: null, dispose: () => database.close() };
  }

  const name = `pulse_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = env[POSTGRES_TEMPLATE_ENV];
  await runOnServer(serverUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = databaseUrlOn(serverUrl, name);
  const database = await createDb({ databaseUrl: url, dataDir: MEMORY_DATA_DIR });
  await migrate(database);
  return {
    database,
    databaseUrl: url,
    async dispose() {
      await database.close();
      await runOnServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
